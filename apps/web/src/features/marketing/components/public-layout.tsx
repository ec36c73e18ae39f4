import { Box } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

/** The public site's frame; renders the matched child route, or `children` (the /marketplace gate). */
export function PublicLayout(props: { children?: ReactNode }) {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return (
    <Box mih="100vh" bg="white" style={{ display: 'flex', flexDirection: 'column' }}>
      <PublicHeader />
      <Box component="main" style={{ flex: 1 }}>
        {props.children ?? <Outlet />}
      </Box>
      <PublicFooter />
    </Box>
  );
}
