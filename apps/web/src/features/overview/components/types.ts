import type { UseQueryResult } from '@tanstack/react-query';
import type { OverviewResponse } from '@wattboard/contract';

/** The one Overview answer every card of the page reads from. */
export type OverviewQuery = UseQueryResult<OverviewResponse, unknown>;
