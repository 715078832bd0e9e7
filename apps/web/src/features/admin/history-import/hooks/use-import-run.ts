import { useEffect, useRef, useState } from 'react';
import type { HistoryMapping } from '@wattboard/contract';
import { useImportHistoryChunk } from '../api/history-import-chunk';
import type { HistoryChunkFields } from '../api/history-import-chunk';
import { chunkFile } from '../model/chunk-file';
import { NO_TOTALS, addChunk } from '../model/import-totals';
import type { ImportTotals } from '../model/import-totals';

export type ImportRun =
  | { state: 'idle' }
  | {
      state: 'running' | 'finished' | 'cancelled' | 'failed';
      totals: ImportTotals;
      /** Rows sent so far (the last sent chunk's last row) and the bytes of the file up to it. */
      rowsSent: number;
      bytesDone: number;
      totalBytes: number;
      /** A failure: the first row of the chunk that failed, and why. */
      failedAt?: number;
      error?: unknown;
    };

export type ImportFields = Omit<HistoryChunkFields, 'csv' | 'firstRow' | 'mapping'>;

/**
 * Sends a file chunk by chunk, one at a time and in order (an interval file's
 * counter runs on from the chunk before), summing the answers. Cancel stops
 * after the chunk in flight: what was sent is stored, and sending the file
 * again completes it (duplicates change nothing).
 */
export function useImportRun() {
  const sendChunk = useImportHistoryChunk();
  const [run, setRun] = useState<ImportRun>({ state: 'idle' });
  const [cancelling, setCancelling] = useState(false);
  const stop = useRef(false);

  // Leaving the section stops the import after its current chunk, as Cancel does.
  useEffect(
    () => () => {
      stop.current = true;
    },
    [],
  );

  const start = async (file: Blob, mapping: HistoryMapping, fields: ImportFields) => {
    stop.current = false;
    setCancelling(false);
    let progress = { totals: NO_TOTALS, rowsSent: 0, bytesDone: 0, totalBytes: file.size };
    setRun({ state: 'running', ...progress });
    let firstRow = 1;
    try {
      for await (const chunk of chunkFile(file)) {
        firstRow = chunk.firstRow;
        const answer = await sendChunk.mutateAsync({
          ...fields,
          mapping,
          firstRow: chunk.firstRow,
          csv: chunk.csv,
        });
        progress = {
          ...progress,
          totals: addChunk(progress.totals, answer),
          rowsSent: chunk.firstRow + chunk.rows - 1,
          bytesDone: chunk.bytesDone,
        };
        if (stop.current) {
          setRun({ state: 'cancelled', ...progress });
          return;
        }
        setRun({ state: 'running', ...progress });
      }
      setRun({ state: 'finished', ...progress });
    } catch (error) {
      setRun({ state: 'failed', ...progress, failedAt: firstRow, error });
    }
  };

  const cancel = () => {
    stop.current = true;
    setCancelling(true);
  };

  const reset = () => setRun({ state: 'idle' });

  return { run, start, cancel, cancelling, reset };
}
