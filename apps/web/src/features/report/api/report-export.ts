import {
  errorResponse,
  REPORT_EXPORT_PATH,
  reportExportRequest,
  StatusCode,
} from '@wattboard/contract';
import type { EnergyInterval, ExportFormat, ExportKind, ExportLang } from '@wattboard/contract';
import { currentApiBase } from '@/lib/api-base';
import { ApiError, ContractError } from '@/lib/api-errors';
import { endSessionAndReload, readSession } from '@/lib/session';
import { fileNameFrom } from '../model/download-file';
import { rangeFields } from './query-policy';
import type { ReportSelection } from './query-policy';

export interface ExportRequest extends ReportSelection {
  format: ExportFormat;
  kind: ExportKind;
  interval: EnergyInterval;
  lang: ExportLang;
}

export interface ExportedFile {
  blob: Blob;
  fileName: string;
  bytes: number;
}

async function refusal(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = errorResponse.safeParse(body);
  return new ApiError({
    statusCode: parsed.success ? parsed.data.statusCode : StatusCode.Fail,
    message: parsed.success ? parsed.data.message : `HTTP ${response.status}`,
    httpStatus: response.status,
    requestId: parsed.success ? parsed.data.requestId : undefined,
  });
}

/** Reads the body chunk by chunk, telling how many bytes have arrived (the export's progress). */
async function readWithProgress(response: Response, onProgress: (bytes: number) => void) {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  const reader = response.body?.getReader();
  if (!reader) {
    const whole = new Uint8Array(await response.arrayBuffer());
    onProgress(whole.byteLength);
    return { chunks: [whole], bytes: whole.byteLength };
  }
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  return { chunks, bytes };
}

/**
 * Downloads one export (POST /v1/Web/Factory/Channel/Report/Export with the
 * bearer token): the answer is the file itself, streamed by the server; the
 * name comes from its Content-Disposition. A refusal answers JSON instead.
 */
export async function fetchExport(
  request: ExportRequest,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<ExportedFile> {
  const session = readSession();
  const token = session?.token ?? '';
  const checked = reportExportRequest.safeParse({
    email: session?.email ?? '',
    action: REPORT_EXPORT_PATH,
    token,
    ...rangeFields(request),
    format: request.format,
    kind: request.kind,
    interval: request.interval,
    lang: request.lang,
  });
  if (!checked.success) {
    throw new ContractError('invalid parameter', REPORT_EXPORT_PATH, checked.error.issues);
  }
  const response = await fetch(`${currentApiBase()}${REPORT_EXPORT_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(checked.data),
    signal: signal ?? null,
  });
  if (response.status === 401) {
    endSessionAndReload();
    throw await refusal(response);
  }
  if (!response.ok) throw await refusal(response);
  const { chunks, bytes } = await readWithProgress(response, onProgress);
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const fileName =
    fileNameFrom(response.headers.get('Content-Disposition')) ??
    `report-${request.meterId}-${request.startDate}-${request.endDate}.${request.format}`;
  return { blob: new Blob(chunks, { type }), fileName, bytes };
}

/** Hands a downloaded file to the browser's own download (an <a download> of an object URL). */
export function saveFile(file: ExportedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the object URL after the click returns; free it once the save has begun.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
