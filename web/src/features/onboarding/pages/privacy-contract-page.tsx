/**
 * The patient's privacy notices (contract types 2 and 3): /Patients/Privacy/Servizio and
 * /Patients/Privacy/Nutrizionista, linked from the acceptance dialog.
 */
import { Paper, Skeleton, Stack, Typography } from '@mantine/core';
import { LoadError } from '../../../ui/load-error';
import { Page } from '../../../ui/page';
import { CONTRACT_TYPE, useContract, type PrivacyContractType } from '../api/get-contract';
import classes from '../components/onboarding.module.css';

const FALLBACK_TITLES: Record<PrivacyContractType, string> = {
  [CONTRACT_TYPE.servicePrivacy]: 'Informativa privacy del servizio',
  [CONTRACT_TYPE.nutritionistPrivacy]: 'Informativa privacy del nutrizionista',
};

function PrivacyContractPage({ contractType }: { contractType: PrivacyContractType }) {
  const contract = useContract(contractType);
  return (
    <Page title={contract.data?.Title ?? FALLBACK_TITLES[contractType]} size="md" head={{ noIndex: true }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        {contract.data ? (
          <Typography className={classes.contract}>
            <div
              // ContractText is version 1 shipped with the server code (functions onboarding/contracts.ts)
              // or a version a SystemAdmin wrote, sanitized by the server's allow-list when it was saved
              // (onboarding/contract-html.ts: no script, no style, no attribute but a link's href).
              dangerouslySetInnerHTML={{ __html: contract.data.ContractText }}
            />
          </Typography>
        ) : contract.error ? (
          <LoadError onRetry={() => contract.mutate()} />
        ) : (
          <Stack gap="sm" aria-busy="true">
            <Skeleton height={24} width="60%" />
            <Skeleton height={14} />
            <Skeleton height={14} />
            <Skeleton height={14} width="80%" />
          </Stack>
        )}
      </Paper>
    </Page>
  );
}

export function ServicePrivacyPage() {
  return <PrivacyContractPage contractType={CONTRACT_TYPE.servicePrivacy} />;
}

export function NutritionistPrivacyPage() {
  return <PrivacyContractPage contractType={CONTRACT_TYPE.nutritionistPrivacy} />;
}
