/**
 * Ends the current task and resumes in a new one: the browser may handle input and paint between
 * the two. A phone's start-up is several such steps, so none of them blocks a tap for long
 * (Total Blocking Time counts every task's time beyond 50 ms).
 */
export const yieldToMain = (): Promise<void> => new Promise((resume) => setTimeout(resume, 0));
