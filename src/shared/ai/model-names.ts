/**
 * The models of this build, named the same where they run (the page's media worker reports which
 * it has loaded) and where they are reported (checkServiceHealth). No imports: the worker uses it.
 */
export const OBJECT_MODEL = 'centernet-coco80@human-3.3.6';
export const MEANING_MODEL = 'use-lite-u8@model-embeddings-en-0.2.0';

/** A model's state in one media worker. */
export type ModelState = 'loading' | 'loaded';
