import { Card, SimpleGrid, Text, Title } from '@mantine/core';

export interface AreaSection {
  title: string;
  description: string;
}

/** What a back-office area is for, section by section. */
export function AreaOverview({ heading, sections }: { heading: string; sections: readonly AreaSection[] }) {
  return (
    <section aria-labelledby="area-overview">
      <Title order={2} fz="h3" id="area-overview" mb="md">
        {heading}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {sections.map((section) => (
          <Card key={section.title} withBorder radius="lg" padding="lg">
            <Text fw={700}>{section.title}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {section.description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
