import type { Endpoint } from './contract';
import { fillPath } from './contract';
import { normaliseError } from './errors';
import { http } from './http';

const fileNameOf = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

/**
 * Downloads a file endpoint (the admin CSV exports): the request carries the access token like any
 * call, so it cannot be a plain link; the answer is saved under the name the server gives it.
 */
export const downloadFile = async (endpoint: Endpoint, input: { params?: Record<string, string | number>; query?: Record<string, string | number | undefined> } = {}) => {
  const searchParams = Object.fromEntries(Object.entries(input.query ?? {}).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== ''));
  let response: Response;
  try {
    response = await http(fillPath(endpoint.path, input.params).replace(/^\//, ''), { method: endpoint.method, searchParams });
  } catch (error) {
    throw await normaliseError(error, endpoint.method);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), 'export.csv');
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
