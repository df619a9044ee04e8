/** Types of check-commit-messages.mjs, for the test that imports it. */
export declare const SUBJECT_MAX: number
export declare function messageProblems(message: string): string[]
