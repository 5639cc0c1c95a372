/** Runs work past the answer: the request's waitUntil, without which a Worker may drop what a finished request left running. */
export type Background = (work: Promise<unknown>) => void;
