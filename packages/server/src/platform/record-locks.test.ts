import { describe, expect, it } from 'vitest';
import { RecordLocks } from './record-locks.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('RecordLocks', () => {
  it('runs writes of the same key one after another, and other keys side by side', async () => {
    const locks = new RecordLocks();
    const log: string[] = [];
    const write = (name: string, keys: string[]) =>
      locks.run('t', keys, async () => {
        log.push(`${name} start`);
        await tick();
        log.push(`${name} end`);
        return name;
      });
    const results = await Promise.all([write('a1', ['a']), write('b', ['b']), write('a2', ['a'])]);
    expect(results).toEqual(['a1', 'b', 'a2']);
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'));
    expect(log.indexOf('b start')).toBeLessThan(log.indexOf('a1 end'));
    expect(locks.size).toBe(0);
  });

  it('lets a write over several keys wait for each, without two writes waiting for each other', async () => {
    const locks = new RecordLocks();
    const order: string[] = [];
    const write = (name: string, keys: string[]) =>
      locks.run('t', keys, async () => {
        await tick();
        order.push(name);
      });
    await Promise.all([write('x', ['a', 'b']), write('y', ['b', 'a']), write('z', ['a'])]);
    expect(order).toEqual(['x', 'y', 'z']);
  });

  it('releases the key when the write fails', async () => {
    const locks = new RecordLocks();
    await expect(locks.run('t', ['a'], () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await locks.run('t', ['a'], async () => 'next')).toBe('next');
    expect(locks.size).toBe(0);
  });
});
