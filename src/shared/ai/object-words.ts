/**
 * The 80 COCO labels the object detector knows (in its class order), and the words of queries that
 * mean each: the label itself, its plural, and hand-written aliases (research: an alias table
 * fixes what word vectors and the sentence encoder missed: people → person, puppy → dog).
 */
export const COCO_LABELS = [
  'person', 'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat', 'traffic light',
  'fire hydrant', 'stop sign', 'parking meter', 'bench', 'bird', 'cat', 'dog', 'horse', 'sheep', 'cow',
  'elephant', 'bear', 'zebra', 'giraffe', 'backpack', 'umbrella', 'handbag', 'tie', 'suitcase', 'frisbee',
  'skis', 'snowboard', 'sports ball', 'kite', 'baseball bat', 'baseball glove', 'skateboard', 'surfboard', 'tennis racket', 'bottle',
  'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl', 'banana', 'apple', 'sandwich', 'orange',
  'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake', 'chair', 'couch', 'potted plant', 'bed',
  'dining table', 'toilet', 'tv', 'laptop', 'mouse', 'remote', 'keyboard', 'cell phone', 'microwave', 'oven',
  'toaster', 'sink', 'refrigerator', 'book', 'clock', 'vase', 'scissors', 'teddy bear', 'hair drier', 'toothbrush',
] as const;
export type CocoLabel = (typeof COCO_LABELS)[number];

const ALIASES: Readonly<Partial<Record<CocoLabel, readonly string[]>>> = {
  person: ['people', 'man', 'men', 'woman', 'women', 'boy', 'girl', 'child', 'children', 'kid', 'kids', 'baby', 'human', 'crowd', 'portrait', 'face', 'rider', 'cyclist', 'someone', 'player', 'astronaut', 'photographer'],
  bicycle: ['bike', 'bikes', 'cycle', 'cycling'],
  car: ['cars', 'automobile', 'vehicle', 'sedan', 'taxi'],
  motorcycle: ['motorbike', 'motorbikes', 'scooter', 'moped'],
  airplane: ['plane', 'aeroplane', 'aircraft', 'jet'],
  boat: ['ship', 'sailboat', 'yacht', 'canoe', 'kayak'],
  bird: ['birds', 'parrot', 'pigeon', 'seagull', 'duck'],
  cat: ['cats', 'kitten', 'kittens', 'kitty', 'feline'],
  dog: ['dogs', 'puppy', 'puppies', 'pup', 'doggy', 'hound', 'canine'],
  horse: ['horses', 'pony', 'foal'],
  cup: ['mug', 'mugs', 'coffee', 'espresso', 'tea'],
  couch: ['sofa', 'sofas'],
  tv: ['television', 'monitor', 'screen'],
  'cell phone': ['phone', 'smartphone', 'mobile'],
  'dining table': ['table', 'desk'],
  laptop: ['notebook', 'computer'],
  'potted plant': ['plant', 'plants', 'houseplant'],
  'sports ball': ['ball', 'football', 'soccer', 'basketball'],
  'wine glass': ['glass', 'wine'],
  donut: ['doughnut'],
  refrigerator: ['fridge'],
  'teddy bear': ['teddy'],
};

/** Query word → label. Two-word labels are matched as phrases by readObjects. */
const BY_WORD = new Map<string, CocoLabel>();
for (const label of COCO_LABELS) {
  if (!label.includes(' ')) BY_WORD.set(label, label), BY_WORD.set(`${label}s`, label);
  for (const alias of ALIASES[label] ?? []) BY_WORD.set(alias, label);
}

/**
 * Finds labels in the words of a query; answers them, the words they used up, and per label the
 * words (or two-word phrases) that named it, which metadata is searched for too ("dog" tags).
 */
export function readObjects(words: readonly string[]): { labels: CocoLabel[]; used: Set<number>; phrases: Map<CocoLabel, string[]> } {
  const labels = new Set<CocoLabel>();
  const used = new Set<number>();
  const phrases = new Map<CocoLabel, string[]>();
  const named = (label: CocoLabel, phrase: string) => phrases.set(label, [...new Set([...(phrases.get(label) ?? []), phrase])]);
  for (let i = 0; i < words.length; i++) {
    const pair = `${words[i]} ${words[i + 1] ?? ''}`;
    const twoWord = COCO_LABELS.find((label) => label.includes(' ') && (pair === label || pair === `${label}s`));
    if (twoWord) {
      labels.add(twoWord);
      named(twoWord, pair);
      used.add(i).add(i + 1);
      i += 1;
      continue;
    }
    const label = BY_WORD.get(words[i]!);
    if (label) labels.add(label), used.add(i), named(label, words[i]!);
  }
  return { labels: [...labels], used, phrases };
}
