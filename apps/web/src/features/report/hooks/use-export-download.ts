import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExportFormat } from '@wattboard/contract';
import { fetchExport, saveFile } from '../api/report-export';
import type { ExportRequest } from '../api/report-export';
import { fetchExportLink, openDownloadLink } from '../api/report-export-link';
import { exportsThroughLink } from '../model/download-file';
import { daysInRange } from '../model/report-params';

export type ExportState =
  | { status: 'idle' }
  | { status: 'running'; format: ExportFormat; bytes: number }
  | { status: 'done'; format: ExportFormat; bytes: number; fileName: string }
  | { status: 'handedOver'; format: ExportFormat; fileName: string }
  | { status: 'failed'; format: ExportFormat; message: string }
  | { status: 'cancelled'; format: ExportFormat };

/** Progress redraws at most this often: a large export arrives in thousands of chunks. */
const PROGRESS_EVERY_MS = 150;

/**
 * One export at a time: start, watch the bytes arrive, cancel; the file is
 * saved when complete. A long readings export goes to the browser's own
 * download through a signed link instead (see exportsThroughLink).
 */
export function useExportDownload() {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (request: ExportRequest) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const { format } = request;
    setState({ status: 'running', format, bytes: 0 });
    let shownAt = 0;
    try {
      if (exportsThroughLink(request.kind, daysInRange(request.startDate, request.endDate))) {
        const link = await fetchExportLink(request);
        if (abort.signal.aborted) return;
        openDownloadLink(link);
        setState({ status: 'handedOver', format, fileName: link.fileName });
        return;
      }
      const file = await fetchExport(
        request,
        (bytes) => {
          const now = Date.now();
          if (now - shownAt < PROGRESS_EVERY_MS) return;
          shownAt = now;
          setState({ status: 'running', format, bytes });
        },
        abort.signal,
      );
      if (abort.signal.aborted) return;
      saveFile(file);
      setState({ status: 'done', format, bytes: file.bytes, fileName: file.fileName });
    } catch (error) {
      if (abort.signal.aborted) {
        setState({ status: 'cancelled', format });
        return;
      }
      setState({ status: 'failed', format, message: (error as Error).message });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { state, start, cancel };
}
