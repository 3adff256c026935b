import autocannon from 'autocannon';
import { answerOnce } from './own-process';

// autocannon for loadInOwnProcess (load.ts), in a process of its own (own-process.ts).
answerOnce((options: autocannon.Options) => autocannon(options));
