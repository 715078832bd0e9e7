import type { FastifyInstance } from 'fastify';
import { DEMO, postJson } from '../helpers/test-app.ts';
import type { TestHubClient } from './hub-kit.ts';

/** Resolves with the error the connection closed with (undefined for a clean stop). */
export function closedWith(client: TestHubClient): Promise<Error | undefined> {
  return new Promise((resolve) => client.connection.onclose((error) => resolve(error)));
}

/** POST /User/SignOut for a demo-user token. */
export const signOut = (app: FastifyInstance, token: string) =>
  postJson(app, '/User/SignOut', { email: DEMO.email, action: '/User/SignOut', token });
