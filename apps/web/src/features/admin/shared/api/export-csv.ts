import { errorResponse, StatusCode } from '@wattboard/contract';
import { currentApiBase } from '@/lib/api-base';
import { ApiError } from '@/lib/api-errors';
import { endSessionAndReload, readSession } from '@/lib/session';
import { exportFileName } from '../model/filters';
import { saveBlob } from './save-blob';

/**
 * POSTs an Admin export (audit log, alarm events) with the session and saves
 * the CSV the server streams (UTF-8 with BOM) under its Content-Disposition
 * name. A refusal answers JSON like the other Admin calls and is thrown as
 * an ApiError; a 401 signs out, as every call does.
 */
export async function downloadAdminCsv(
  path: string,
  fields: Record<string, unknown>,
  fallbackName: string,
): Promise<string> {
  const session = readSession();
  const token = session?.token ?? '';
  const response = await fetch(`${currentApiBase()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ email: session?.email ?? '', action: path, token, ...fields }),
  }).catch(() => {
    throw new Error('Unknown Error');
  });
  if (response.status === 401) endSessionAndReload();
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const body: unknown = await response.json().catch(() => null);
    const parsed = errorResponse.safeParse(body);
    throw new ApiError({
      statusCode: parsed.success ? parsed.data.statusCode : StatusCode.Fail,
      message: parsed.success ? parsed.data.message : `HTTP ${response.status}`,
      httpStatus: response.status,
    });
  }
  const name = exportFileName(response.headers.get('Content-Disposition'), fallbackName);
  saveBlob(name, await response.blob());
  return name;
}
