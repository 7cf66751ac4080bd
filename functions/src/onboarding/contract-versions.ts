/**
 * Which contract version is in effect and whether a patient accepted it (docs/product.md#contracts): pure
 * rules over the stored versions and the patient's consent records, so they are tested without a table.
 */
import { CONTRACT_TYPE_IDS, type ContractTypeId } from '@nutri/shared';

interface VersionFacts {
  ContractTypeId: number;
  Version: number;
  Status: 'draft' | 'published';
  EffectiveFrom: string | null;
}

/**
 * The version of each contract in effect at `at`: the highest published version whose day has come, or 1
 * (the text in code) when there is none. Effective dates never go back from one version to the next
 * (publishing checks it), so the highest number in effect is also the latest to take effect.
 */
export const versionsInEffect = (stored: readonly VersionFacts[], at: Date): Map<ContractTypeId, number> =>
  new Map(
    CONTRACT_TYPE_IDS.map((contractType) => [
      contractType,
      Math.max(
        1,
        ...stored
          .filter(
            (version) =>
              version.ContractTypeId === contractType &&
              version.Status === 'published' &&
              version.EffectiveFrom !== null &&
              Date.parse(version.EffectiveFrom) <= at.getTime(),
          )
          .map((version) => version.Version),
      ),
    ]),
  );

/**
 * `signed`: every contract's version in effect was accepted. `updated`: not signed, but the patient had
 * accepted before (an older version), so the dialog says the notices changed. A profile flagged as
 * signed accepted version 1 (the flag predates the records' versions).
 */
export const acceptanceState = (
  inEffect: ReadonlyMap<ContractTypeId, number>,
  consents: readonly { contractType: number; version: number }[],
  signedFlag: boolean,
) => {
  const accepted = (contractType: number) =>
    Math.max(
      signedFlag ? 1 : 0,
      ...consents
        .filter((consent) => consent.contractType === contractType)
        .map((consent) => consent.version),
    );
  const signed = [...inEffect].every(([contractType, version]) => accepted(contractType) >= version);
  return { signed, updated: !signed && signedFlag };
};
