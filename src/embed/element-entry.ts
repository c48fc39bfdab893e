/** The package's `./element` entry: importing it defines `<asset-library>`. */
import { defineAssetLibrary } from './element';

export { AssetLibraryElement, defineAssetLibrary, type AssetLibraryChange, type AssetLibrarySelectDetail } from './element';

defineAssetLibrary();
