/** The descriptor layout lives on the floor (../shared/descriptor-layout.ts); AI search's files import it from here. */
export * from '../shared/descriptor-layout';
