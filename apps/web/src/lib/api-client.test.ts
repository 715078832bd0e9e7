// @vitest-environment jsdom
import { channelList, signIn } from '@wattboard/contract';
import { describe, expect, it, vi } from 'vitest';
import { channelListBody, envelope, jsonResponse, stubNetwork } from '@/testing/network';
import { storeSession } from '@/testing/session';
import { callApi, requestJson } from './api-client';
import { ApiError, ContractError } from './api-errors';
import { pageNavigation } from './page-navigation';
import { readSession } from './session';

function watchReloads() {
  return vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
}

describe('callApi', () => {
  it('sends the envelope, the call fields and the bearer token, and returns the checked response', async () => {
    const session = storeSession();
    const { requests } = stubNetwork(() => jsonResponse(channelListBody()));
    const response = await callApi(channelList, { factoryId: 0 });

    expect(response.channelList.map((c) => c.id)).toEqual([7, 8, 9]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.path).toBe('/v1/Web/Factory/Channel/List');
    expect(requests[0]?.body).toEqual({
      email: session.email,
      action: '/v1/Web/Factory/Channel/List',
      token: session.token,
      factoryId: 0,
    });
    expect(new Headers(requests[0]?.init.headers).get('Authorization')).toBe(
      `Bearer ${session.token}`,
    );
  });

  it('clears the session and reloads on HTTP 401, without retrying', async () => {
    storeSession();
    const reload = watchReloads();
    const { fetchStub } = stubNetwork(() =>
      jsonResponse({ statusCode: 1007, message: 'Token expired' }, 401),
    );

    await expect(callApi(channelList, { factoryId: 0 })).rejects.toMatchObject({
      httpStatus: 401,
      statusCode: 1007,
    });
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('does not even send a call whose session has expired; it signs out instead', async () => {
    storeSession({ dtTokenExpire: '2020-01-01T00:00:00Z' });
    const reload = watchReloads();
    const { fetchStub } = stubNetwork(() => jsonResponse(channelListBody()));

    await expect(callApi(channelList, { factoryId: 0 })).rejects.toBeInstanceOf(ApiError);
    expect(fetchStub).not.toHaveBeenCalled();
    expect(readSession()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('throws an invalid-response error when the answer breaks the contract', async () => {
    storeSession();
    stubNetwork(() => jsonResponse(channelListBody({ channelList: 'nope' })));
    const failure = await callApi(channelList, { factoryId: 0 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContractError);
    expect(failure).toMatchObject({ kind: 'invalid response' });
    expect(String((failure as Error).message)).toContain('channelList');
  });

  it('refuses to send a request that breaks the contract', async () => {
    storeSession();
    const { fetchStub } = stubNetwork(() => jsonResponse(channelListBody()));
    const failure = await callApi(channelList, { factoryId: -4 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'ContractError', kind: 'invalid parameter' });
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("reports a failure without a response as 'Unknown Error'", async () => {
    storeSession();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(callApi(channelList, { factoryId: 0 })).rejects.toThrow(/^Unknown Error$/);
  });

  it('turns a business statusCode into an ApiError carrying code and message', async () => {
    stubNetwork(() =>
      jsonResponse({
        ...envelope(null, '/User/SignIn'),
        statusCode: 1002,
        message: 'E-mail or password is wrong',
      }),
    );
    const failure = await callApi(signIn, {
      email: 'demo@wattboard.local',
      password: 'wrong-pass',
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ statusCode: 1002, message: 'E-mail or password is wrong' });
  });

  it('passes the wait time of a 429 on, and sends no token for sign-in', async () => {
    storeSession();
    const { requests } = stubNetwork(() =>
      jsonResponse(
        { statusCode: 201, message: 'Too many failed sign-in attempts.', retryAfterSeconds: 540 },
        429,
      ),
    );
    const failure = await callApi(signIn, {
      email: 'demo@wattboard.local',
      password: 'whatever1',
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ httpStatus: 429, retryAfterSeconds: 540 });
    expect(requests[0]?.body).toMatchObject({ token: '', action: '/User/SignIn' });
    expect(new Headers(requests[0]?.init.headers).has('Authorization')).toBe(false);
  });

  it('sends ±Infinity as the text "Infinity" / "-Infinity", which JSON cannot carry as a number', () => {
    const body = JSON.parse(
      requestJson({ low: -Infinity, high: Infinity, list: [Infinity], x: 1.5 }),
    );
    expect(body).toEqual({ low: '-Infinity', high: 'Infinity', list: ['Infinity'], x: 1.5 });
  });
});
