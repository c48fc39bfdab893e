/** The package's `./element` entry: importing it defines `<asset-library>`. */
import { defineAssetLibrary } from './element';

export { AssetLibraryElement, defineAssetLibrary, type AssetLibraryNotice, type AssetLibrarySelectDetail } from './element';

defineAssetLibrary();
