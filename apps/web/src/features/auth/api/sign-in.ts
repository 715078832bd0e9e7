import { signIn } from '@wattboard/contract';
import type { SignInForm, StoredSession } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';

/** POST /User/SignIn; resolves to the session to store. */
export async function signInWithPassword(form: SignInForm): Promise<StoredSession> {
  const response = await callApi(signIn, { email: form.email, password: form.password, token: '' });
  if (!response.token || !response.dtTokenExpire) {
    throw new Error('Sign-in succeeded without a token');
  }
  return {
    token: response.token,
    email: response.email ?? form.email,
    username: response.username ?? '',
    dtTokenExpire: response.dtTokenExpire,
  };
}
