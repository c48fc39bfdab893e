/** Content text (docs/decisions/ocr.md): what OCR or a plain-text file gave an item. */
import { route } from '../http/router';
import { contentTextInput } from './content-text.schema';
import { getContentText } from './content-text.service';

export const contentTextRoutes = [route('GET', '/item/contentText', contentTextInput, getContentText)];
