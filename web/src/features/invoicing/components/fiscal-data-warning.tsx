/**
 * The nutritionist home's warning (docs/product.md#invoicing): without complete fiscal data the health
 * invoice of a paid visit cannot be made, so the nutritionist is told before the first one, with what is
 * missing and the way to complete it.
 */
import { Link } from 'react-router-dom';
import { Alert, Button, List, Text } from '@mantine/core';
import { IconReceiptTax } from '@tabler/icons-react';
import { paths } from '../../../paths';
import { useFiscalData } from '../api/invoicing';

export function FiscalDataWarning() {
  const fiscal = useFiscalData();
  if (!fiscal.data || fiscal.data.Missing.length === 0) return null;
  return (
    <Alert
      color="apricot"
      variant="light"
      radius="lg"
      title="Completa i dati fiscali prima delle visite pagate"
      icon={<IconReceiptTax size={20} aria-hidden />}
      role="status"
      styles={{ title: { color: 'var(--mantine-color-apricot-9)' } }}
    >
      <Text size="sm" mb="xs">
        Senza questi dati non possiamo preparare la fattura sanitaria delle tue visite, che va emessa entro 12
        giorni dal pagamento. Mancano:
      </Text>
      <List size="sm" mb="sm">
        {fiscal.data.Missing.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      <Button component={Link} to={paths.nutritionistArea.invoices()} size="sm" color="apricot.8">
        Completa i dati fiscali
      </Button>
    </Alert>
  );
}
