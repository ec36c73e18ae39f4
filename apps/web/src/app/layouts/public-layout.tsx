import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageLoader } from '../../components/page-states';
import { PublicHeader } from './public-header';

/** Signed-out pages: the public header over the page. Marketing may use its own richer layout. */
export function PublicLayout() {
  return (
    <Box mih="100vh">
      <PublicHeader />
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}

/** Full-screen flows (vendor send-bill, imports): no sidebar, just the page. */
export function PlainLayout() {
  return (
    <Box mih="100vh" bg="gray.0">
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
