import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/db.ts';
import { optionsDiffer } from './calc/options.ts';
import { planCommand } from './calc/plan-command.ts';
import { weekSlotAt } from './calc/slot.ts';
import { wantedState } from './calc/wanted-state.ts';
import { loadChannels, type ChannelRow } from './repo/channel-rows.ts';
import {
  expireCommands,
  pendingCommands,
  recordCommand,
  recordWanted,
  type OutgoingCommand,
} from './repo/commands.ts';
import { detectKw } from './repo/detect-kw.ts';
import { acquireLease, controlledFactories, releaseLeases } from './repo/lease.ts';
import type { CommandSender } from './sender.ts';

export interface SchedulerDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** This instance's name in the lease table. */
  holder: string;
  sender: () => CommandSender;
  /** Counts commands sent (wattboard_scheduler_commands_total). */
  countCommand: () => void;
  /** Channels whose status changed without a person (offline): push it to the page. */
  onOffline: (factoryId: number, channelIds: number[]) => Promise<void>;
  /** Demand management (issue #15): runs first and names the channels it holds off. */
  demand?: (factoryId: number, now: number) => Promise<ReadonlySet<number>>;
}

/** What a person just changed: these channels, and every channel of these groups. */
export interface PersonChange {
  channelGroupIds: readonly number[];
  channelScheduleIds: readonly number[];
}

const NO_CHANGE: PersonChange = { channelGroupIds: [], channelScheduleIds: [] };

function changedByPerson(row: ChannelRow, change: PersonChange): boolean {
  return change.channelScheduleIds.includes(row.id) || change.channelGroupIds.includes(row.groupId);
}

export interface FactoryRun {
  factoryId: number;
  /** False when another instance holds the factory's lease: nothing was done. */
  held: boolean;
  commands: OutgoingCommand[];
  offline: number[];
}

/**
 * The runtime around the pure decision core: each minute, for each
 * factory whose lease it holds, it times out unanswered commands, decides every
 * channel's wanted state in the factory-local half-hour slot and sends the
 * commands that are due. Runs on this instance are serialised, so a person's
 * change (kick) and the minute's tick never decide the same channel twice.
 */
export function createScheduler(deps: SchedulerDeps) {
  let chain: Promise<unknown> = Promise.resolve();
  const serialised = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task, task);
    chain = run.catch(() => undefined);
    return run;
  };

  function commandFor(row: ChannelRow, factoryId: number, state: 'on' | 'off') {
    const ir = row.controlMethod === 'IR Control';
    return {
      factoryId,
      channelId: row.id,
      nodeId: row.nodeId,
      state,
      options: ir && state === 'on' ? (row.selectedOption ?? {}) : null,
    };
  }

  async function decide(
    factory: { id: number; timeZone: string },
    now: number,
    shed: ReadonlySet<number>,
    change: PersonChange,
  ) {
    const { db } = deps;
    const channels = await loadChannels(db, factory.id);
    const pending = await pendingCommands(db, factory.id);
    const at = weekSlotAt(now, factory.timeZone);
    const watched = channels.flatMap((row) => {
      const entry = row.auto?.[at.weekday];
      return row.action === 'auto' && entry?.type === 'signal' ? [entry.detectDeviceId] : [];
    });
    const kw = await detectKw(db, factory.id, watched, now);
    const commands: OutgoingCommand[] = [];
    for (const row of channels) {
      const signalNode = row.auto?.[at.weekday];
      const detect =
        signalNode?.type === 'signal' ? (kw.get(signalNode.detectDeviceId) ?? null) : null;
      // A channel shed by demand management stays off until it is given back.
      const wanted = shed.has(row.id) ? 'off' : wantedState({ ...row, detectKw: detect }, at);
      const plan = planCommand(
        wanted,
        {
          status: row.status,
          pendingSince: pending.get(row.id) ?? null,
          lastCommandAt: row.lastSwitchedAt?.getTime() ?? null,
          optionsChanged:
            row.controlMethod === 'IR Control' &&
            optionsDiffer(row.selectedOption, row.appliedOption),
          byPerson: changedByPerson(row, change),
        },
        now,
      );
      if (plan.send === null) {
        if (wanted !== null && wanted !== row.lastWanted && !shed.has(row.id))
          await recordWanted(db, factory.id, row.id, wanted);
        continue;
      }
      const command = commandFor(row, factory.id, plan.send);
      commands.push(await db.transaction((tx) => recordCommand(tx, command, plan.reason, now)));
    }
    return commands;
  }

  /** A failing demand step never stops the channels' own schedules. */
  async function demandStep(factoryId: number, now: number): Promise<ReadonlySet<number>> {
    if (!deps.demand) return new Set();
    try {
      return await deps.demand(factoryId, now);
    } catch (err) {
      deps.log.error({ err, factoryId }, 'control: demand step failed');
      return new Set();
    }
  }

  async function runFactory(
    factory: { id: number; timeZone: string },
    now: number,
    change: PersonChange = NO_CHANGE,
  ): Promise<FactoryRun> {
    const run: FactoryRun = { factoryId: factory.id, held: false, commands: [], offline: [] };
    run.held = await acquireLease(deps.db, factory.id, deps.holder, now);
    if (!run.held) return run;
    run.offline = await deps.db.transaction((tx) => expireCommands(tx, factory.id, now));
    if (run.offline.length > 0) await deps.onOffline(factory.id, run.offline);
    const shed = await demandStep(factory.id, now);
    run.commands = await decide(factory, now, shed, change);
    const sender = deps.sender();
    for (const command of run.commands) {
      deps.countCommand();
      try {
        await sender.send(command, now);
      } catch (err) {
        // The command stays 'sent': without an answer it times out and the channel shows offline.
        deps.log.error({ err, commandId: command.commandId }, 'control: command not delivered');
      }
    }
    return run;
  }

  return {
    /** One minute's work for every factory with channels (those whose lease this instance holds). */
    tick(now: number = Date.now()): Promise<FactoryRun[]> {
      return serialised(async () => {
        const runs: FactoryRun[] = [];
        for (const factory of await controlledFactories(deps.db)) {
          try {
            runs.push(await runFactory(factory, now));
          } catch (err) {
            deps.log.error({ err, factoryId: factory.id }, 'control: scheduler run failed');
          }
        }
        return runs;
      });
    },

    /**
     * Acts on one factory now, after a person's change: within the same rules,
     * except that the channels the person changed are not held by the
     * once-a-minute guard (a master switch turned back On is followed at once).
     */
    kick(
      factoryId: number,
      now: number = Date.now(),
      change: PersonChange = NO_CHANGE,
    ): Promise<FactoryRun | null> {
      return serialised(async () => {
        const factory = (await controlledFactories(deps.db)).find((f) => f.id === factoryId);
        return factory ? runFactory(factory, now, change) : null;
      });
    },

    /** Gives this instance's leases up (shutdown), after the run in flight. */
    release(): Promise<void> {
      return serialised(() => releaseLeases(deps.db, deps.holder));
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
