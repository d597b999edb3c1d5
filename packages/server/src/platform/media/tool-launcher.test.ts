import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { mp4 } from '../../test/media-fixtures.js';
import { ToolLauncher } from './tool-launcher.js';

const FFPROBE = ['ffprobe', '-v', 'error', '-show_entries', 'format=duration', '-of', 'json'];

const launchers: ToolLauncher[] = [];
const launcher = (command: string[] = FFPROBE, spares = 2) => {
  const made = new ToolLauncher(() => command, spares);
  launchers.push(made);
  return made;
};
afterEach(() => launchers.splice(0).forEach((l) => l.stop()));

/** The launcher process (private): the tests look at its process group. */
const launcherOf = (l: ToolLauncher) => (l as unknown as { launcher?: ChildProcess }).launcher;
const dirOf = (l: ToolLauncher) => (l as unknown as { dir: string }).dir;

/** Whether any process is left in a process group, zombies included (nothing unreaped), from /proc. */
const groupAlive = (pgid: number) =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .some((pid) => {
      try {
        // "pid (comm) state ppid pgrp ...": comm may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(pgrp) === pgid;
      } catch {
        return false;
      }
    });

async function until(condition: () => boolean, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('ToolLauncher spares', () => {
  it('streams an upload into a spare that is already listening and returns what it printed', async () => {
    const probes = launcher();
    await probes.ready();
    const taken = probes.takeSpare(10_000)!;
    taken.input.end(mp4(2));
    const output = await taken.output;
    expect(output?.code).toBe(0);
    expect(
      Number((JSON.parse(output!.stdout) as { format: { duration: string } }).format.duration),
    ).toBeCloseTo(2, 0);
  });

  it('replaces every spare taken, so a batch always finds the next one listening', async () => {
    const probes = launcher(FFPROBE, 2);
    await probes.ready();
    const taken = [probes.takeSpare(10_000), probes.takeSpare(10_000)];
    expect(taken.every(Boolean)).toBe(true);
    await probes.ready();
    const third = probes.takeSpare(10_000);
    expect(third).toBeDefined();
    for (const probe of [...taken, third]) probe!.input.end(mp4(1));
    const codes = await Promise.all([...taken, third].map(async (p) => (await p!.output)?.code));
    expect(codes).toEqual([0, 0, 0]);
  });

  it('reports a failed probe by its exit code (bytes that are no video)', async () => {
    const probes = launcher();
    await probes.ready();
    const taken = probes.takeSpare(10_000)!;
    taken.input.end(Buffer.alloc(4096, 7));
    expect((await taken.output)?.code).not.toBe(0);
  });

  it('cuts off a probe that runs past its time, and reports it lost', async () => {
    const probes = launcher();
    await probes.ready();
    const taken = probes.takeSpare(100)!;
    // Connected: what follows is the time limit's doing.
    await once(taken.input, 'connect');
    taken.input.write(mp4(1).subarray(0, 64));
    await expect(taken.output).resolves.toBeUndefined();
  });

  it('reports a spare that refuses the connection as lost at once (its upload is probed from the file)', async () => {
    // A "probe" that makes its socket path a plain file and never listens: connect() is refused.
    const probes = launcher(['sh', '-c', 'p="${4#unix:}"; : > "$p"; exec sleep 5', 'not-listening']);
    await probes.ready();
    const started = Date.now();
    const taken = probes.takeSpare(10_000)!;
    taken.input.write(mp4(1));
    await expect(taken.output).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stop() never throws while a tool is still adding files to its folder, and the folder goes', async () => {
    // Like a spare caught binding its socket as the server stops (ENOTEMPTY in CI once).
    const busy = launcher([
      'sh',
      '-c',
      'p="${4#unix:}"; : > "$p"; i=0; while :; do i=$((i+1)); : > "$p.$i"; done',
      'busy',
    ]);
    await busy.ready();
    const pid = launcherOf(busy)!.pid!;
    const dir = dirOf(busy);
    expect(() => busy.stop()).not.toThrow();
    await until(() => !groupAlive(pid));
    expect(() => readdirSync(dir)).toThrow();
  });

  it('gives no spare before one is listening, and stops keeping spares when the probe cannot start', async () => {
    const probes = launcher(['false']);
    expect(probes.takeSpare(1_000)).toBeUndefined();
    await probes.ready();
    await until(() => (probes as unknown as { waiting: number[] }).waiting.length === 0);
    expect(probes.takeSpare(1_000)).toBeUndefined();
    // Jobs still run.
    expect(await probes.run(['echo', 'still here'], 1_000)).toEqual({ code: 0, stdout: 'still here\n' });
  });

  it('stop() ends the launcher and every waiting probe, and removes its folder', async () => {
    const probes = launcher();
    await probes.ready();
    const pid = launcherOf(probes)!.pid!;
    const dir = dirOf(probes);
    expect(groupAlive(pid)).toBe(true);
    probes.stop();
    await until(() => !groupAlive(pid));
    expect(() => readdirSync(dir)).toThrow();
  });

  it('takes its waiting probes with it when the server goes away (its stdin closes)', async () => {
    const probes = launcher();
    await probes.ready();
    const launched = launcherOf(probes)!;
    const dir = dirOf(probes);
    expect(groupAlive(launched.pid!)).toBe(true);
    launched.stdin!.end();
    await until(() => !groupAlive(launched.pid!));
    expect(() => readdirSync(dir)).toThrow();
  });
});

describe('ToolLauncher jobs', () => {
  it('runs a tool to its end and returns its exit code and output', async () => {
    const tools = launcher();
    expect(await tools.run(['sh', '-c', 'echo made; exit 3'], 5_000)).toEqual({ code: 3, stdout: 'made\n' });
  });

  it('kills a tool that runs past its time', async () => {
    const tools = launcher();
    const started = Date.now();
    expect((await tools.run(['sleep', '10'], 100)).code).toBe(-1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports a tool that cannot start', async () => {
    const tools = launcher();
    expect((await tools.run(['/nonexistent/tool'], 1_000)).code).toBe(-1);
  });

  it('runs the job from the server when the launcher goes away during it', async () => {
    const tools = launcher();
    await tools.ready();
    const job = tools.run(['sh', '-c', 'sleep 0.3; echo done'], 5_000);
    // The launcher and its children die at once (its spares too, so none is left behind by the test).
    process.kill(-launcherOf(tools)!.pid!, 'SIGKILL');
    expect(await job).toEqual({ code: 0, stdout: 'done\n' });
  });

  it('runs tools from the server when there is no temp folder for the launcher', async () => {
    const tmpdir = process.env.TMPDIR;
    process.env.TMPDIR = '/nonexistent/streamdesk-tmp';
    try {
      const tools = launcher();
      expect(await tools.run(['echo', 'here'], 5_000)).toEqual({ code: 0, stdout: 'here\n' });
      expect(tools.takeSpare(1_000)).toBeUndefined();
      expect(launcherOf(tools)).toBeUndefined();
    } finally {
      if (tmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdir;
    }
  });
});
