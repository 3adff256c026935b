import { fork } from 'node:child_process';

/*
 * A load generator in a process of its own, as browsers are on machines of their own: in the
 * bench's process, the heap its earlier parts leave (Lighthouse's above all, more when a part is
 * measured again) made each garbage collection a pause of every client at once, and the figures
 * were mostly the bench's: several times a fresh process's for the same readers.
 */

/**
 * Runs `script` (a module that calls answerOnce) in a child process with the bench's own loader
 * (tsx comes with process.execArgv, fork's default), gives it `asked` and waits for its answer.
 * Buffers go both ways (the advanced serialization: they come back as Uint8Arrays).
 */
export async function inOwnProcess<Asked, Done>(script: URL, asked: Asked): Promise<Done> {
  const child = fork(script, {
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    return await new Promise<Done>((resolve, reject) => {
      child.once('message', (message: { done: Done } | { error: string }) => {
        if ('error' in message) reject(new Error(`${script.pathname}: ${message.error}`));
        else resolve(message.done);
      });
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        reject(new Error(`${script.pathname} ended (${code ?? signal}) before its answer`)),
      );
      child.send(asked as object);
    });
  } finally {
    child.kill();
  }
}

/** In the child: the one message it is given, `run` on it, its answer sent back, then the end. */
export function answerOnce<Asked, Done>(run: (asked: Asked) => Promise<Done>): void {
  process.once('message', (asked: Asked) => {
    const send = (message: { done: Done } | { error: string }) =>
      process.send?.(message, () => process.exit(0));
    run(asked).then(
      (done) => send({ done }),
      (err: unknown) =>
        send({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
    );
  });
}
