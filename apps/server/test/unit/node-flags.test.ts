import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingNodeFlags, SERVER_NODE_FLAGS } from '../../src/platform/node-flags.ts';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const scripts = JSON.parse(read('../../package.json')).scripts as Record<string, string>;

/** The flags between `node` and the script in a command line. */
function flagsOf(commandLine: string): string[] {
  const words = commandLine.trim().split(/\s+/);
  return words.slice(1).filter((word) => word.startsWith('--') && word !== '--watch');
}

describe("the server's V8 flags", () => {
  it('are the same in npm start, npm run dev and the systemd unit', () => {
    const unit = read('../../../../deploy/wattboard.service');
    const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '';
    for (const line of [scripts.start!, scripts.dev!, execStart]) {
      expect(flagsOf(line), line).toEqual([...SERVER_NODE_FLAGS]);
    }
  });

  it('are missed one by one', () => {
    expect(missingNodeFlags([...SERVER_NODE_FLAGS])).toEqual([]);
    expect(missingNodeFlags(['--liftoff-only'])).toEqual(SERVER_NODE_FLAGS.slice(1));
  });
});
