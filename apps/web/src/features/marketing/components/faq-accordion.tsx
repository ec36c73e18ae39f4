import { Accordion } from '@mantine/core';
import { FAQS } from '../content/faq';

export function FaqAccordion({ limit }: { limit?: number }) {
  const items = limit ? FAQS.slice(0, limit) : FAQS;
  return (
    <Accordion variant="separated" radius="md" chevronPosition="right">
      {items.map((f) => (
        <Accordion.Item key={f.id} value={f.id}>
          <Accordion.Control fw={600}>{f.question}</Accordion.Control>
          <Accordion.Panel c="dark.5" lh={1.65}>
            {f.answer}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
