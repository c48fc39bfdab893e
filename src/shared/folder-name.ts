/**
 * The folder name limit, ours (the reference states none): a name fits a sidebar row and any file
 * system's 255. The API refuses longer names (folders.schema.ts) and the web app says so as the
 * person types; no zod here, so the app imports it without the schemas.
 */
export const FOLDER_NAME_MAX = 255;
