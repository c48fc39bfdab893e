/**
 * Output schemas of the publish feature's new routes, for the OpenAPI document. library/publish
 * answers the published library as a zip (application/zip, streamed), not the JSON envelope: it has
 * no `data` to describe, only its media type.
 */
export const publishOutputs = {} as const;

export const publishBinaryAnswers = {
  'GET /library/publish': 'application/zip',
  'POST /library/publish': 'application/zip',
} as const;
