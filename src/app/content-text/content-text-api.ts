/** The content-text endpoint as the web app uses it (docs/decisions/ocr.md). */
import type { ApiClient } from '../api-client';

export interface ContentText {
  source: 'ocr' | 'text' | 'pdf';
  text: string;
}

export function readContentText(api: ApiClient, id: string): Promise<ContentText | null> {
  return api.get('/item/contentText', { id });
}
