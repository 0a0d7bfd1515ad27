import { Suspense, type ReactNode } from 'react';
import { Layout as RaLayout, Loading } from 'react-admin';
import { Box } from '@mui/material';
import { Header } from './Header';
import { AreaMenu } from './AreaMenu';
import { PortraitOverlay } from './PortraitOverlay';

/** Shared layout of the five areas: dark header plus content area with the area's side menu. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <RaLayout appBar={Header} menu={AreaMenu} sx={{ '& .RaLayout-appFrame': { marginTop: '56px' } }}>
        <Box sx={{ p: { xs: 1, md: 2 } }}>
          <Suspense fallback={<Loading />}>{children}</Suspense>
        </Box>
      </RaLayout>
      <PortraitOverlay />
    </>
  );
}
