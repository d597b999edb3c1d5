import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The launcher: a small Node process (plain JS, run with `node -e`) that reads one job per line on stdin,
 * `{n, argv, timeoutMs}`, runs it, and prints `{n, code, stdout}` when it ends. The jobs are its own
 * children, so it reaps them; when the server goes away (even killed) its stdin closes, and it kills the
 * ones left and removes the spares' socket folder (its argument).
 */
const LAUNCHER = `
const { spawn } = require('node:child_process');
const [dir] = process.argv.slice(1);
const children = new Set();
require('node:readline').createInterface({ input: process.stdin })
  .on('line', (line) => {
    const { n, argv, timeoutMs } = JSON.parse(line);
    const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'pipe', 'ignore'] });
    children.add(child);
    let stdout = '';
    let reported = false;
    const report = (code) => {
      if (reported) return;
      reported = true;
      clearTimeout(timer);
      children.delete(child);
      process.stdout.write(JSON.stringify({ n, code, stdout }) + '\\n');
    };
    const timer = timeoutMs ? setTimeout(() => child.kill('SIGKILL'), timeoutMs) : undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.on('error', () => report(-1));
    child.on('close', (code) => report(code ?? -1));
  })
  .on('close', () => {
    // The folder goes once every tool has closed: one killed mid-bind could still add its socket.
    const left = [...children];
    const removeDir = () => require('node:fs').rmSync(dir, { recursive: true, force: true });
    if (left.length === 0) return removeDir();
    let open = left.length;
    for (const child of left) {
      child.once('close', () => --open === 0 && removeDir());
      child.kill('SIGKILL');
    }
  });
`;

/** How a tool ended: its exit code (-1 when killed or not started) and what it printed. */
export interface ToolOutput {
  code: number;
  stdout: string;
}

export interface TakenSpare {
  /** Feed the video's bytes here, then end() it; destroying it abandons the probe. */
  input: net.Socket;
  /** Undefined when the probe was lost (cut off at its time limit, or the launcher went away). */
  output: Promise<ToolOutput | undefined>;
}

/**
 * How long a spare's socket must have existed before it is taken: the file appears at bind(), a moment
 * before listen(), and a connect() in between is refused (seen on a loaded CI machine).
 */
const BIND_GRACE_MS = 20;

/** Spares that exit without ever being taken (a broken binary) before the launcher stops keeping them. */
const MAX_UNTAKEN_EXITS = 3;

/** Runs a tool from the server itself: the fallback when there is no launcher. */
function runHere(argv: readonly string[], timeoutMs: number, signal?: AbortSignal): Promise<ToolOutput> {
  return new Promise((resolve) => {
    execFile(argv[0]!, argv.slice(1), { timeout: timeoutMs, signal }, (error, stdout) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout });
    });
  });
}

/**
 * Starts ffmpeg and ffprobe for the server from a small launcher process. A spawn from the server forks
 * the whole server and blocks its event loop for 10-20 ms, which uploads streaming in at the time paid
 * (once per file in a batch, and again for each thumbnail); the server now forks once, for the launcher.
 *
 * It also keeps `spares` probes started and listening on Unix sockets (ffmpeg's `unix:` protocol) in a
 * private (0700) folder, so an upload streams its bytes into a probe that is already running (Debian's
 * ffprobe needs ~60 ms to start): taking one is a connect(), and the launcher starts its replacement.
 *
 * Kept on Node 24 (issue 37, 2026-12-02): with plain execFile/spawn from the server instead (one ffprobe
 * per upload on its stdin, a p-limit of four), bench:upload's 30 MB story ran at 0.27 / 0.14 / 0.20 of
 * `dd` against 0.55 / 0.36 / 0.09 with it, interleaved, and below the 0.25 target in seven of eight runs
 * over two days; figures in bench/notes/upload.md.
 */
export class ToolLauncher {
  private launcher: ChildProcess | undefined;
  private dir = '';
  private next = 0;
  /** Spares started and not taken yet, oldest first. */
  private readonly waiting: number[] = [];
  /** Jobs and taken spares waiting for their end, by number. */
  private readonly ends = new Map<number, (output: ToolOutput | undefined) => void>();
  private untakenExits = 0;
  private spareCommand: readonly string[] | undefined;
  private keepSpares = true;
  private disabled = false;

  constructor(
    private readonly spareProbe: () => readonly string[],
    private readonly spares = 3,
  ) {}

  /** Starts the launcher and its spares (idempotent; cheap when already running). */
  start(): void {
    if (this.launcher || this.disabled) return;
    try {
      this.dir = mkdtempSync(path.join(os.tmpdir(), 'sd-tools-'));
    } catch {
      // No writable temp folder (a read-only container): tools run from the server, uploads are probed
      // from their file.
      this.disabled = true;
      return;
    }
    // Its own session: a Ctrl+C in the server's terminal is the server's to handle, not the tools'.
    const launcher = spawn(process.execPath, ['-e', LAUNCHER, this.dir], {
      detached: true,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    this.launcher = launcher;
    launcher.on('error', () => {
      // It could not start: tools run from the server, uploads are probed from their file.
      this.disabled = true;
      this.forget(launcher);
    });
    launcher.on('exit', () => this.forget(launcher));
    launcher.stdin!.on('error', () => undefined);
    createInterface({ input: launcher.stdout! }).on('line', (line) => this.ended(line));
    // The launcher must not keep a process alive on its own (tests, CLI scripts).
    for (const handle of [launcher, launcher.stdin, launcher.stdout] as { unref?(): void }[])
      handle.unref?.();
    this.spareCommand ??= this.spareProbe();
    for (let i = 0; i < this.spares; i++) this.startSpare();
  }

  /** Resolves once every spare is listening (tests; a server just starts them and goes on). */
  async ready(timeoutMs = 5_000): Promise<void> {
    this.start();
    const deadline = Date.now() + timeoutMs;
    while (this.launcher && !this.waiting.every((n) => this.listening(n))) {
      if (Date.now() > deadline) throw new Error('ffprobe spares did not start');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /**
   * Runs a tool to its end (killed after `timeoutMs`). After `signal` aborts, a tool the launcher took
   * down with it (a server stopping) is not run again here, and one run here is killed.
   */
  async run(argv: readonly string[], timeoutMs: number, signal?: AbortSignal): Promise<ToolOutput> {
    if (signal?.aborted) return { code: -1, stdout: '' };
    this.start();
    const n = ++this.next;
    const ended = this.launcher && this.job(n, { argv, timeoutMs });
    // No launcher, or it went away during the job: run it here.
    const output = await ended;
    if (output) return output;
    if (signal?.aborted) return { code: -1, stdout: '' };
    return runHere(argv, timeoutMs, signal);
  }

  /**
   * A spare probe that is already listening, or undefined when none is (the caller probes the file
   * afterwards). A probe still running after `timeoutMs` is cut off and reported lost.
   */
  takeSpare(timeoutMs: number): TakenSpare | undefined {
    this.start();
    const index = this.waiting.findIndex((n) => this.listening(n));
    if (index < 0) return undefined;
    const [n] = this.waiting.splice(index, 1) as [number];
    this.startSpare();
    const socket = this.socketOf(n);
    let connected = false;
    const input = net.connect(socket, () => (connected = true));
    const output = this.job(n);
    input.on('error', () => {
      if (connected) return;
      // Refused all the same (not listening yet): this upload goes without (its file is probed instead),
      // and the probe, which would wait for a connection forever, gets an empty one and ends.
      this.lose(n);
      const drain = () =>
        net
          .connect(socket)
          .on('error', () => undefined)
          .end();
      setTimeout(drain, 50).unref();
    });
    const timer = setTimeout(() => {
      input.destroy();
      this.lose(n);
    }, timeoutMs);
    void output.finally(() => clearTimeout(timer));
    return { input, output };
  }

  /** Stops the launcher, which kills every tool it started and exits (server shutdown). */
  stop(): void {
    const launcher = this.launcher;
    if (!launcher) return;
    launcher.stdin?.end();
    this.forget(launcher);
  }

  private socketOf(n: number) {
    return path.join(this.dir, `${n}.sock`);
  }

  /** Whether spare `n` is listening: its socket exists, and has for BIND_GRACE_MS. */
  private listening(n: number) {
    const socket = statSync(this.socketOf(n), { throwIfNoEntry: false });
    return socket !== undefined && Date.now() - socket.ctimeMs > BIND_GRACE_MS;
  }

  /** Waits for job `n` to end, sending it to the launcher first when given. */
  private job(
    n: number,
    job?: { argv: readonly string[]; timeoutMs?: number },
  ): Promise<ToolOutput | undefined> {
    const ended = new Promise<ToolOutput | undefined>((resolve) => this.ends.set(n, resolve));
    if (job) this.send(n, job);
    return ended;
  }

  /** Hands the launcher job `n` (one JSON line). */
  private send(n: number, job: { argv: readonly string[]; timeoutMs?: number }) {
    this.launcher?.stdin?.write(`${JSON.stringify({ n, ...job })}\n`);
  }

  /** Gives up on job `n`: its waiter gets undefined now, and its end, if it ever comes, is ignored. */
  private lose(n: number) {
    this.ends.get(n)?.(undefined);
    this.ends.delete(n);
  }

  private startSpare() {
    if (!this.keepSpares) return;
    const n = ++this.next;
    this.waiting.push(n);
    this.send(n, { argv: [...this.spareCommand!, '-listen', '1', '-i', `unix:${this.socketOf(n)}`] });
  }

  /** A tool ended: a job or a taken spare has its answer; a spare that ended untaken is replaced. */
  private ended(line: string) {
    const { n, code, stdout } = JSON.parse(line) as ToolOutput & { n: number };
    const listener = this.ends.get(n);
    if (listener) {
      this.ends.delete(n);
      return listener({ code, stdout });
    }
    const index = this.waiting.indexOf(n);
    if (index < 0) return;
    this.waiting.splice(index, 1);
    if (++this.untakenExits >= MAX_UNTAKEN_EXITS) {
      // The probe itself fails to start: stop keeping spares; uploads are probed from their file.
      this.keepSpares = false;
      this.waiting.length = 0;
      return;
    }
    this.startSpare();
  }

  private forget(launcher: ChildProcess) {
    if (this.launcher !== launcher) return;
    this.launcher = undefined;
    this.waiting.length = 0;
    for (const listener of this.ends.values()) listener(undefined);
    this.ends.clear();
    // A second sweep, for a launcher that was killed. A tool may still be adding its socket here (the
    // launcher kills them as it exits), and then the removal fails with ENOTEMPTY, as it did once in CI
    // when stop() came right after a spare was taken: the launcher removes the folder once they are gone.
    try {
      rmSync(this.dir, { recursive: true, force: true });
    } catch {
      // left to the launcher
    }
  }
}
