/**
 * The seeded bench library: realistic tags, folders, names, annotations, URLs and image shapes,
 * the same for the same seed (faker with a fixed seed, pinned version). Pure data, no browser
 * APIs, so the node tests can check it; the page turns it into API inputs and raw rows.
 */
import { Faker, base, en, generateMersenne53Randomizer } from '@faker-js/faker';
import { weightedPick, zipfWeights } from './weighted-pick';

export interface PlannedFolder {
  /** Stable key within the plan; the page maps it to the folder id the API gave. */
  key: string;
  name: string;
  parentKey: string | null;
}

/** A small image standing in for a photo: real aspect ratio, drawn at 1/IMAGE_SCALE of its size. */
export interface PlannedImage {
  width: number;
  height: number;
  /** Fill colour, so images differ in palette. */
  rgb: [number, number, number];
}

export interface PlannedItem {
  name: string;
  tags: string[];
  folderKeys: string[];
  annotation: string;
  website: string;
  source: { bookmarkURL: string } | { image: PlannedImage };
}

export interface LibraryPlan {
  seed: number;
  /** Tag vocabulary, most popular first (Zipf rank order). */
  tags: readonly string[];
  /** Parents before children. */
  folders: readonly PlannedFolder[];
  /** `count` items in batches of at most `size`, generated lazily. */
  batches(count: number, size: number, imageShare: number): Generator<PlannedItem[]>;
}

export const TAG_VOCABULARY = 400;
/** Photos are drawn this many times smaller than their real size, to keep seeding fast. */
export const IMAGE_SCALE = 40;

/** Real-world photo and screenshot sizes with rough frequencies. */
const IMAGE_SIZES: ReadonlyArray<[width: number, height: number, weight: number]> = [
  [4032, 3024, 30], [3024, 4032, 20], [6000, 4000, 10], [1920, 1080, 12], [2560, 1440, 8],
  [1080, 1080, 8], [1080, 1920, 6], [6000, 2000, 3], [1200, 3000, 3],
];
const PALETTE: ReadonlyArray<[number, number, number]> = [
  [231, 76, 60], [241, 196, 15], [46, 204, 113], [52, 152, 219], [155, 89, 182], [236, 240, 241], [44, 62, 80], [230, 126, 34],
];
/** How many tags an item has: 0 (untagged) to 6, mostly 2-3. */
const TAG_COUNT_WEIGHTS = [8, 18, 26, 22, 14, 8, 4];
/** How many folders an item is in: 0 (unfiled) to 2. */
const FOLDER_COUNT_WEIGHTS = [25, 60, 15];

export function planLibrary(seed: number): LibraryPlan {
  // One seeded stream drives faker and our own draws, so the whole library follows from `seed`.
  const randomizer = generateMersenne53Randomizer(seed);
  const faker = new Faker({ locale: [en, base], randomizer });
  const uniform = () => randomizer.next();
  const pick = <T>(list: readonly T[]) => list[Math.floor(uniform() * list.length)]!;

  const tags = faker.helpers.uniqueArray(
    () => (uniform() < 0.8 ? faker.word.noun() : faker.word.adjective()).toLowerCase(),
    TAG_VOCABULARY,
  );
  const folders = planFolders(faker, uniform);
  const tagRank = weightedPick(zipfWeights(tags.length));
  const tagCount = weightedPick(TAG_COUNT_WEIGHTS);
  const folderCount = weightedPick(FOLDER_COUNT_WEIGHTS);
  const imageSize = weightedPick(IMAGE_SIZES.map(([, , weight]) => weight));

  function distinct<T>(count: number, draw: () => T): T[] {
    const chosen = new Set<T>();
    for (let attempt = 0; chosen.size < count && attempt < count * 8; attempt++) chosen.add(draw());
    return [...chosen];
  }

  function item(imageShare: number): PlannedItem {
    const isImage = uniform() < imageShare;
    const itemTags = distinct(tagCount(uniform()), () => tags[tagRank(uniform())]!);
    const folderKeys = folders.length ? distinct(folderCount(uniform()), () => pick(folders).key) : [];
    const annotation = uniform() < 0.45 ? faker.lorem.sentence({ min: 4, max: 16 }) : '';
    const site = faker.internet.url({ appendSlash: false });
    if (isImage) {
      const [width, height] = IMAGE_SIZES[imageSize(uniform())]!;
      return {
        name: `${faker.word.adjective()} ${faker.word.noun()} ${faker.number.int({ min: 1, max: 9999 })}`,
        tags: itemTags,
        folderKeys,
        annotation,
        website: uniform() < 0.5 ? `${site}/${faker.lorem.slug(3)}` : '',
        source: { image: { width: Math.round(width / IMAGE_SCALE), height: Math.round(height / IMAGE_SCALE), rgb: pick(PALETTE) } },
      };
    }
    return {
      name: faker.helpers.arrayElement([faker.company.catchPhrase(), faker.lorem.sentence({ min: 3, max: 9 }), faker.commerce.productName()]),
      tags: itemTags,
      folderKeys,
      annotation,
      website: '',
      source: { bookmarkURL: `${site}/${faker.lorem.slug({ min: 1, max: 5 })}` },
    };
  }

  return {
    seed,
    tags,
    folders,
    *batches(count, size, imageShare) {
      for (let done = 0; done < count; done += size) {
        yield Array.from({ length: Math.min(size, count - done) }, () => item(imageShare));
      }
    },
  };
}

function planFolders(faker: Faker, uniform: () => number): PlannedFolder[] {
  const folders: PlannedFolder[] = [];
  const topNames = faker.helpers.uniqueArray(() => faker.commerce.department(), 12);
  topNames.forEach((name, i) => {
    const key = `f${i}`;
    folders.push({ key, name, parentKey: null });
    const children = Math.floor(uniform() * 5);
    for (let c = 0; c < children; c++) folders.push({ key: `${key}.${c}`, name: faker.company.name(), parentKey: key });
  });
  return folders;
}
