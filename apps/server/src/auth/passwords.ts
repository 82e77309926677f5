import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * argon2id with OWASP's first recommended profile (19 MiB, 2 passes): 25-35 ms a hash on this class of
 * machine, inside the 20-60 ms the accounts issue asks for. (`Algorithm.Argon2id` is 2.)
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashing runs in one worker thread of its own at a lower CPU priority (nice 10), so a burst of logins
 * takes spare CPU instead of slowing everyone's browsing and streaming, and never occupies the libuv
 * threads that file reads share. On Linux the nice value is per thread, so only this thread is lowered.
 */
const WORKER_NICE = 10;
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
try { require('node:os').setPriority(workerData.nice); } catch {}
parentPort.on('message', ({ id, op, a, b }) => {
  try {
    const result = op === 'hash' ? argon2.hashSync(a, workerData.options) : argon2.verifySync(a, b);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});`;

interface Pending {
  resolve(value: string | boolean): void;
  reject(error: Error): void;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function hasher(): Worker {
  if (worker) return worker;
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const started = new Worker(WORKER_SOURCE, {
    eval: true,
    // The source is CommonJS: the process's own flags (such as --input-type=module) must not reach it.
    execArgv: [],
    workerData: { argon2, nice: WORKER_NICE, options: OPTIONS },
  });
  const settle = (id: number) => {
    const call = pending.get(id);
    pending.delete(id);
    // Referenced only while it works: an idle worker must not keep a finished command running, and a
    // busy one must keep the process alive until its answer arrives.
    if (pending.size === 0) started.unref();
    return call;
  };
  started.on('message', (message: { id: number; result?: string | boolean; error?: string }) => {
    const call = settle(message.id);
    if (message.error === undefined) call?.resolve(message.result as string | boolean);
    else call?.reject(new Error(message.error));
  });
  // A crashed worker fails what it was doing; the next call starts another.
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const id of [...pending.keys()]) settle(id)?.reject(error);
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`The password worker stopped (${code})`)));
  worker = started;
  return started;
}

function run(op: 'hash', a: string): Promise<string>;
function run(op: 'verify', a: string, b: string): Promise<boolean>;
function run(op: 'hash' | 'verify', a: string, b?: string): Promise<string | boolean> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const thread = hasher();
    thread.ref();
    pending.set(id, { resolve, reject });
    thread.postMessage({ id, op, a, b });
  });
}

export function hashPassword(password: string): Promise<string> {
  return run('hash', password);
}

/** False for a wrong password and for a stored value that is not an argon2 hash at all. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await run('verify', stored, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification, so an unknown name answers as slowly as a wrong password. */
export async function verifyNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-password-of-anyone');
  await verifyPassword(await dummyHash, password);
}
