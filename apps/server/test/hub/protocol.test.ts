import { describe, expect, it } from 'vitest';
import { answerHandshake } from '../../src/modules/hub/handshake.ts';
import {
  PING_RECORD,
  RECORD_SEPARATOR as RS,
  closeRecord,
  completionRecord,
  eventRecord,
  parseClientMessage,
  splitRecords,
} from '../../src/modules/hub/protocol.ts';

describe('splitRecords', () => {
  it('splits a frame holding several records', () => {
    expect(splitRecords('', `{"type":6}${RS}{"type":7}${RS}`)).toEqual({
      records: ['{"type":6}', '{"type":7}'],
      rest: '',
    });
  });

  it('keeps an unterminated tail and completes it with the next frame', () => {
    const first = splitRecords('', `{"type":6}${RS}{"type":1,`);
    expect(first).toEqual({ records: ['{"type":6}'], rest: '{"type":1,' });
    expect(splitRecords(first.rest, `"target":"x"}${RS}`)).toEqual({
      records: ['{"type":1,"target":"x"}'],
      rest: '',
    });
  });

  it('yields nothing for a frame without a separator, and skips empty records', () => {
    expect(splitRecords('', '{"type":6}')).toEqual({ records: [], rest: '{"type":6}' });
    expect(splitRecords('', `${RS}${RS} ${RS}`)).toEqual({ records: [], rest: '' });
  });
});

describe('parseClientMessage', () => {
  it('reads an invoke and a send', () => {
    expect(
      parseClientMessage(
        '{"type":1,"invocationId":"0","target":"SubscribeToDevice","arguments":[12]}',
      ),
    ).toEqual({ kind: 'invocation', invocationId: '0', target: 'SubscribeToDevice', args: [12] });
    expect(parseClientMessage('{"type":1,"target":"X","arguments":[]}')).toEqual({
      kind: 'invocation',
      invocationId: undefined,
      target: 'X',
      args: [],
    });
  });

  it('reads pings, closes and stream invocations', () => {
    expect(parseClientMessage('{"type":6}')).toEqual({ kind: 'ping' });
    expect(parseClientMessage('{"type":7,"error":"bye"}')).toEqual({ kind: 'close' });
    expect(parseClientMessage('{"type":4,"invocationId":"5","target":"S","arguments":[]}')).toEqual(
      { kind: 'stream-invocation', invocationId: '5' },
    );
  });

  it('ignores completions, cancels and unknown types', () => {
    expect(parseClientMessage('{"type":3,"invocationId":"1"}')).toEqual({
      kind: 'ignored',
      type: 3,
    });
    expect(parseClientMessage('{"type":5,"invocationId":"1"}')).toEqual({
      kind: 'ignored',
      type: 5,
    });
    expect(parseClientMessage('{"type":42}')).toEqual({ kind: 'ignored', type: 42 });
  });

  it('reports bad input without throwing, keeping the invocationId to answer', () => {
    expect(parseClientMessage('{not json').kind).toBe('invalid');
    expect(parseClientMessage('[1,2]').kind).toBe('invalid');
    expect(parseClientMessage('{"type":"1"}').kind).toBe('invalid');
    expect(parseClientMessage('{"type":1,"invocationId":7,"target":"X"}')).toMatchObject({
      kind: 'invalid',
    });
    expect(parseClientMessage('{"type":1,"invocationId":"9","arguments":[]}')).toEqual({
      kind: 'invalid',
      reason: 'an invocation needs a target',
      invocationId: '9',
    });
    expect(parseClientMessage('{"type":1,"invocationId":"9","target":"X","arguments":5}')).toEqual({
      kind: 'invalid',
      reason: 'arguments must be an array',
      invocationId: '9',
    });
  });
});

describe('server records', () => {
  it('writes events without invocationId, completions, pings and closes', () => {
    expect(eventRecord('AlertReceived', { id: 1 })).toBe(
      `{"type":1,"target":"AlertReceived","arguments":[{"id":1}]}${RS}`,
    );
    expect(completionRecord('3')).toBe(`{"type":3,"invocationId":"3"}${RS}`);
    expect(completionRecord('3', 'Device not found')).toBe(
      `{"type":3,"invocationId":"3","error":"Device not found"}${RS}`,
    );
    expect(PING_RECORD).toBe(`{"type":6}${RS}`);
    expect(closeRecord({ allowReconnect: true })).toBe(`{"type":7,"allowReconnect":true}${RS}`);
  });
});

describe('answerHandshake', () => {
  it('accepts json version 1 with an empty object', () => {
    expect(answerHandshake('{"protocol":"json","version":1}')).toEqual({
      accepted: true,
      reply: `{}${RS}`,
    });
  });

  it('refuses another protocol or version with an error and no type', () => {
    const wrongProtocol = answerHandshake('{"protocol":"messagepack","version":1}');
    expect(wrongProtocol).toEqual({
      accepted: false,
      reply: `{"error":"The protocol 'messagepack' is not supported."}${RS}`,
      error: "The protocol 'messagepack' is not supported.",
    });
    const wrongVersion = answerHandshake('{"protocol":"json","version":2}');
    expect(wrongVersion.accepted).toBe(false);
    expect(JSON.parse(wrongVersion.reply.slice(0, -1))).toEqual({
      error: "The server does not support version 2 of the 'json' protocol.",
    });
  });

  it('refuses malformed requests', () => {
    for (const record of ['nope', '[]', 'null', '{"protocol":"json"}', '{"version":1}']) {
      const answer = answerHandshake(record);
      expect(answer.accepted).toBe(false);
      expect(JSON.parse(answer.reply.slice(0, -1))).not.toHaveProperty('type');
    }
  });
});
