import { Box } from '@mantine/core';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

/**
 * The public site's frame; renders the matched child route, or `children` (the /marketplace gate).
 * Header, page and footer are separate Suspense boundaries: a prerendered page hydrates (and
 * commits) in three smaller pieces instead of one long task.
 */
export function PublicLayout(props: { children?: ReactNode }) {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return (
    <Box mih="100vh" bg="white" style={{ display: 'flex', flexDirection: 'column' }}>
      <Suspense>
        <PublicHeader />
      </Suspense>
      <Box component="main" style={{ flex: 1 }}>
        <Suspense>{props.children ?? <Outlet />}</Suspense>
      </Box>
      <Suspense>
        <PublicFooter />
      </Suspense>
    </Box>
  );
}
