// Package upload failures as Canton reports them (PackageServiceErrors in Canton's ledger-common):
// Canton's fixed cause, and what went wrong in the error's context.
import { DomainError } from '@pocketnet/ledger';
import type { Package } from '../ast.ts';
import { isLfDecodeError, type LfDecodeError } from '../decode/lf-decode-error.ts';

export function decodeFailure(error: LfDecodeError): DomainError {
  switch (error.kind) {
    case 'invalidDar':
      // Canton's cause is exactly this; what was wrong goes in the error's context.
      return new DomainError('INVALID_DAR', 'Dar file is corrupt', {
        details: { reason: error.message },
        cause: error,
      });
    case 'corrupt':
    case 'hashMismatch':
      return new DomainError(
        'DAR_PARSE_ERROR',
        `Failed to parse the dar file content: ${error.message}`,
        {
          details: { reason: error.message },
          cause: error,
        },
      );
    case 'unsupportedVersion':
      return new DomainError('ALLOWED_LANGUAGE_VERSIONS', error.message, {
        details: { allowedLanguageVersions: 'LF 2.1' },
        cause: error,
      });
  }
}

/** Runs a read of uploaded bytes, turning a decoding failure into Canton's error. */
export function asUploadError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (isLfDecodeError(error)) throw decodeFailure(error);
    throw error;
  }
}

export function notSelfConsistent(packageIds: readonly string[], missing: readonly string[]) {
  return new DomainError(
    'DAR_NOT_SELF_CONSISTENT',
    'The set of packages in the dar is not self-consistent and is missing dependencies',
    { details: { packageIds: packageIds.join(','), missingDependencies: missing.join(',') } },
  );
}

export function validationFailed(problem: string) {
  return new DomainError('DAR_VALIDATION_ERROR', 'Package validation failed.', {
    details: { validationError: problem },
  });
}

export function knownVersion(uploaded: string, existing: string, version: string) {
  return new DomainError(
    'KNOWN_DAR_VERSION',
    `Tried to upload package ${uploaded}, but a different package ${existing} with the same name and version has previously been uploaded.`,
    {
      details: { uploadedPackageId: uploaded, existingPackage: existing, packageVersion: version },
    },
  );
}

const described = (pkg: Package) =>
  `${pkg.packageId} (${pkg.metadata.name} v${pkg.metadata.version})`;

/**
 * `newer` does not upgrade `older`; `which` says which of the two is the package uploaded now
 * (Canton's maximal and minimal DAR checks word it so).
 */
export function notValidUpgrade(
  older: Package,
  newer: Package,
  reason: string,
  which: 'uploaded' | 'existing',
) {
  const cause =
    which === 'uploaded'
      ? `Upgrade checks indicate that new package ${described(newer)} cannot be an upgrade of existing package ${described(older)}. Reason: ${reason}`
      : `Upgrade checks indicate that existing package ${described(newer)} cannot be an upgrade of new package ${described(older)}. Reason: ${reason}`;
  return new DomainError('DAR_NOT_VALID_UPGRADE', cause, {
    details: { oldPackage: older.packageId, newPackage: newer.packageId, upgradeError: reason },
  });
}
