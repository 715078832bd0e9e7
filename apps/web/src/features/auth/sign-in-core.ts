// What the login form needs only once a person submits: the contract's form
// rule (zod) and the sign-in call (the API client). It is its own chunk (see
// use-sign-in.ts), so the login route's first load carries neither
// (the login route's budget is 150 KB gzip).
export { classifySignInFailure, minimumLength, validateSignInForm } from './sign-in-validation';
export { signInWithPassword } from './api/sign-in';
