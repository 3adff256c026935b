import { runWaves, type WavesAsked } from './readers';

/*
 * The readers of timedWaves (readers.ts), in a process of their own: one message in (the
 * server, the requests, the waves), one out (the times and the different answers), then it ends.
 */
process.once('message', (asked: WavesAsked) => {
  const send = (message: object) => process.send?.(message, () => process.exit(0));
  runWaves(asked).then(send, (err: unknown) =>
    send({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});
