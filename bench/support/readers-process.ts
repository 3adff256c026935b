import { answerOnce } from './own-process';
import { runWaves } from './readers';

// The readers of timedWaves (readers.ts), in a process of their own (own-process.ts).
answerOnce(runWaves);
