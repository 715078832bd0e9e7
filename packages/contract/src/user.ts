import { z } from 'zod';
import { defineCall } from './call.ts';
import { responseEnvelope, withRequestEnvelope } from './envelope.ts';
import { inputText } from './input.ts';

/** Sign-in form rules, shared by the login form and the server. */
export const SIGN_IN_EMAIL_MIN = 5;
export const SIGN_IN_PASSWORD_MIN = 8;

export const signInForm = z.object({
  email: z.string().trim().min(SIGN_IN_EMAIL_MIN).pipe(z.email()),
  password: z.string().min(SIGN_IN_PASSWORD_MIN),
});
export type SignInForm = z.infer<typeof signInForm>;

export const signInRequest = z.object({
  email: inputText.trim().min(1),
  password: inputText.min(1),
  action: inputText,
  /** Empty on sign-in. */
  token: inputText.optional(),
});
export type SignInRequest = z.infer<typeof signInRequest>;

export const signInResponse = responseEnvelope;
export type SignInResponse = z.infer<typeof signInResponse>;

export const signIn = defineCall({
  method: 'POST',
  path: '/User/SignIn',
  auth: false,
  request: signInRequest,
  response: signInResponse,
});

export const signOutRequest = withRequestEnvelope({});
export const signOutResponse = responseEnvelope;

export const signOut = defineCall({
  method: 'POST',
  path: '/User/SignOut',
  auth: true,
  request: signOutRequest,
  response: signOutResponse,
});
