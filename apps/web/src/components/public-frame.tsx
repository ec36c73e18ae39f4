import { Box, Container, Stack, Text } from '@mantine/core';

/**
 * The frame of the public single-use-link pages (vendor onboarding, send-bill, payment
 * invitation): the Owo mark, an optional step label, then the page.
 */
export function PublicFrame(props: { children: React.ReactNode; step?: string }) {
  return (
    <Box mih="100vh" bg="gray.0" py="xl">
      <Container size={560}>
        <Stack>
          <Text fw={700} c="teal.8">
            owo
          </Text>
          {props.step && (
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {props.step}
            </Text>
          )}
          {props.children}
        </Stack>
      </Container>
    </Box>
  );
}
