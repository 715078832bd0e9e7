export * from './numeric.ts';
export * from './status-codes.ts';
export * from './envelope.ts';
export * from './session.ts';
export * from './call.ts';
export * from './user.ts';
export * from './channel.ts';
