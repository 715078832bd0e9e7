import { reportExportLink } from '@wattboard/contract';
import { currentApiBase } from '@/lib/api-base';
import { callApi } from '@/lib/api-client';
import { rangeFields } from './query-policy';
import type { ExportRequest } from './report-export';

export interface ExportLink {
  url: string;
  fileName: string;
}

/**
 * A short-lived signed link for the export (POST …/Report/ExportLink): the
 * browser then downloads the file itself, to disk, with its own progress, so
 * a year of readings never sits in the page's memory.
 */
export async function fetchExportLink(request: ExportRequest): Promise<ExportLink> {
  const answer = await callApi(reportExportLink, {
    ...rangeFields(request),
    format: request.format,
    kind: request.kind,
    interval: request.interval,
    lang: request.lang,
  });
  return { url: `${currentApiBase()}${answer.url}`, fileName: answer.fileName };
}

/** Starts the browser's download of a link (the server answers it as an attachment). */
export function openDownloadLink(link: ExportLink): void {
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = link.fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
