import { TariffSchedule, type TariffVersionData } from './tariff-schedule.ts';

/**
 * Every tariff of a factory (decision 0065): the factory's own history, which
 * the main billing point follows, and the histories of further billing points
 * that have their own (a second supply on another Taipower table). A point
 * follows the factory's tariff until the day its own first version applies
 * from, so its earlier history stays priced; without versions of its own it
 * follows the factory's throughout. Pure; the repository loads it in one
 * query (modules/cost/repo/tariff-store.ts).
 */
export class TariffBook {
  readonly factory: TariffSchedule;
  private readonly own: ReadonlyMap<number, TariffSchedule>;

  constructor(
    factoryVersions: readonly TariffVersionData[],
    pointVersions: ReadonlyMap<number, readonly TariffVersionData[]> = new Map(),
  ) {
    this.factory = new TariffSchedule(factoryVersions);
    this.own = new Map(
      [...pointVersions]
        .filter(([, versions]) => versions.length > 0)
        .map(([nodeId, versions]) => {
          const first = versions.reduce((min, v) => (v.validFrom < min ? v.validFrom : min), '9');
          const before = factoryVersions.filter((v) => v.validFrom < first);
          return [nodeId, new TariffSchedule([...versions, ...before])];
        }),
    );
  }

  /** The schedule a billing point is priced by; null (no point covers the node) = the factory's. */
  forPoint(pointNodeId: number | null): TariffSchedule {
    return (pointNodeId === null ? undefined : this.own.get(pointNodeId)) ?? this.factory;
  }

  /** Whether the point has versions of its own (else it follows the factory's). */
  hasOwn(pointNodeId: number): boolean {
    return this.own.has(pointNodeId);
  }

  /**
   * The nodes grouped by the schedule that prices them, so each group is read
   * in one scan: every node is named once, in the order given within its group.
   */
  groupBySchedule(
    nodeIds: readonly number[],
    pointOf: (nodeId: number) => number | null,
  ): { schedule: TariffSchedule; nodeIds: number[] }[] {
    const groups = new Map<TariffSchedule, number[]>();
    for (const id of nodeIds) {
      const schedule = this.forPoint(pointOf(id));
      groups.set(schedule, [...(groups.get(schedule) ?? []), id]);
    }
    return [...groups].map(([schedule, ids]) => ({ schedule, nodeIds: ids }));
  }
}
