import {
  type ArchiveEnvelope,
  isUtilityPackage,
  type KnownPackages,
  type Package as LfPackage,
  type PackageCache,
  type UploadedPackage,
} from '@pocketnet/daml-lf';
import type {
  JournalRecord,
  Package,
  PackageRegistry,
  PackagesUploaded,
  UploadedArchive,
} from '@pocketnet/ledger';
import { appendOnlyArray, createUndoLog, type UndoLog, undoableMap } from '@pocketnet/ledger';

/**
 * A Daml-LF package as the ledger engine runs it: its templates and interfaces erased to the
 * definitions the TypeScript DSL produces (the evaluator's side of issue 20).
 */
export type ErasePackage = (
  pkg: LfPackage,
  lookup: (packageId: string) => LfPackage | undefined,
) => Pick<Package, 'templates' | 'interfaces'>;

const isUpload = (record: JournalRecord): record is JournalRecord & { change: PackagesUploaded } =>
  record.type === 'admin' && record.change.kind === 'packages.uploaded';

/**
 * The node's uploaded Daml-LF packages. Each is registered from its journal record with its
 * archive, name and version only; it is decoded (and its templates erased) the first time it
 * is needed, and kept decoded by id.
 */
export function createLfPackageStore(deps: {
  packages: PackageRegistry;
  /** The decoded and checked packages the node shares with the other nodes of its process. */
  cache: PackageCache;
  erase?: ErasePackage;
  /**
   * The node's undo log: a package a revert takes back is no longer known decoded either; the
   * store's state section (`packages.lf-uploads`) registers with it.
   */
  undo?: UndoLog;
}) {
  const undo = deps.undo ?? createUndoLog();
  const decodedById = undoableMap<string, LfPackage>(undo);
  const uploads = createUploadsSeen(undo);
  const decoded = (packageId: string): LfPackage | undefined => {
    const cached = decodedById.get(packageId);
    if (cached) return cached;
    const archive = deps.packages.packageById(packageId)?.archive;
    if (!archive) return undefined;
    // The cache's decoded package of that id, if another node has it; still kept per node, so
    // that a revert of this node's upload forgets it here only.
    const pkg = deps.cache.decodeDalf(archive);
    decodedById.set(packageId, pkg);
    return pkg;
  };
  const isLf = (packageId: string) => deps.packages.packageById(packageId)?.archive !== undefined;
  /**
   * The packages an upload to a participant is checked against: upgrades against those it vets
   * (`isVetted`), each participant's own.
   */
  const knownTo = (isVetted: (packageId: string) => boolean): KnownPackages => ({
    has: (packageId) => deps.packages.packageById(packageId) !== undefined,
    get: decoded,
    // Only Daml-LF packages: the node's TypeScript imitations of Splice's packages share their
    // names and versions with the real ones, which users' DARs bundle.
    withNameAndVersion: (name, version) =>
      deps.packages
        .packages()
        .find((p) => p.name === name && p.version === version && isLf(p.packageId))?.packageId,
    withName: (name) =>
      deps.packages
        .packages()
        .filter((p) => p.name === name && isLf(p.packageId) && isVetted(p.packageId))
        .map((p) => p.packageId),
  });
  const register = (uploaded: UploadedArchive) => {
    const { packageId, name, version, utility, dependencies } = uploaded;
    const archive = new Uint8Array(Buffer.from(uploaded.archive, 'base64'));
    const placeholder: Package = {
      packageId,
      name,
      version,
      templates: [],
      interfaces: [],
      archive,
      utility,
    };
    const load = (): Package => {
      const lf = decoded(packageId);
      return lf && deps.erase ? { ...placeholder, ...deps.erase(lf, decoded) } : placeholder;
    };
    deps.packages.registerDeferred(placeholder, { load, dependencies });
  };
  undo.section<SavedLfUploads>('packages.lf-uploads', {
    save: uploads.save,
    // The registry learns the uploaded packages from this store alone, as in a replay: each is
    // registered again from its upload record, decoded only when one of its templates is needed.
    restore(saved, history) {
      uploads.restore(saved);
      for (const [journalIndex, packageIds] of saved.uploads) {
        const record = history.at(journalIndex);
        if (!isUpload(record))
          throw new Error(`the state's journal has no upload at ${journalIndex}`);
        const registered = new Set(packageIds);
        for (const uploaded of record.change.packages) {
          if (registered.has(uploaded.packageId)) register(uploaded);
        }
      }
    },
  });
  return {
    knownTo,
    /** What uploads to the node are validated with: the process's decoded and checked packages. */
    cache: deps.cache,
    /** The decoded package of a known id (undefined for a package of the TypeScript DSL). */
    decoded,
    /** Registers the packages a journaled upload added; any other record is not ours. */
    apply(record: JournalRecord) {
      const journalIndex = uploads.journaled();
      if (!isUpload(record)) return;
      // A package another participant uploaded first is registered already.
      const fresh = record.change.packages.filter(
        (uploaded) => deps.packages.packageById(uploaded.packageId) === undefined,
      );
      for (const uploaded of fresh) register(uploaded);
      if (fresh.length > 0) uploads.registered(journalIndex, fresh);
    },
    /** A validated upload's new packages as the journal keeps them. */
    journaled: (fresh: readonly UploadedPackage[]): UploadedArchive[] =>
      fresh.map(({ envelope, pkg }) => {
        // Decoded once: validation did it, the erasure and later uploads reuse it.
        decodedById.set(pkg.packageId, pkg);
        return journaledArchive(envelope, pkg);
      }),
    /**
     * Known packages of an upload, as the journal keeps them for a participant that had only
     * heard of them from another (each participant's uploads are its own).
     */
    givenHere: (envelopes: readonly ArchiveEnvelope[]): UploadedArchive[] =>
      envelopes.flatMap((envelope) => {
        const pkg = decoded(envelope.packageId);
        return pkg ? [journaledArchive(envelope, pkg)] : [];
      }),
  };
}

/**
 * The section: the journal index of each upload that registered packages, with their ids (no
 * archive: those stay in the journal's records).
 */
export type SavedLfUploads = {
  readonly journalRecords: number;
  readonly uploads: readonly (readonly [number, readonly string[]])[];
};

/** Which journaled uploads registered which packages, by the uploads' journal indices. */
function createUploadsSeen(undo: UndoLog) {
  const journal = { records: 0 };
  const uploads = appendOnlyArray<readonly [number, readonly string[]]>(undo);
  return {
    /** Counts a journal record applied; its journal index. */
    journaled(): number {
      const index = journal.records;
      undo.assign(journal, 'records', index + 1);
      return index;
    },
    registered(journalIndex: number, packages: readonly UploadedArchive[]): void {
      uploads.push([journalIndex, packages.map((uploaded) => uploaded.packageId)]);
    },
    save: (): SavedLfUploads => ({ journalRecords: journal.records, uploads: [...uploads] }),
    restore(saved: SavedLfUploads): void {
      journal.records = saved.journalRecords;
      // One at a time: a spread of a long history's array outgrows the call stack.
      for (const each of saved.uploads) uploads.push(each);
    },
  };
}

const journaledArchive = (envelope: ArchiveEnvelope, pkg: LfPackage): UploadedArchive => ({
  packageId: envelope.packageId,
  name: pkg.metadata.name,
  version: pkg.metadata.version,
  utility: isUtilityPackage(pkg),
  dependencies: pkg.directDependencies,
  archive: Buffer.from(envelope.archiveBytes).toString('base64'),
});

export type LfPackageStore = ReturnType<typeof createLfPackageStore>;
