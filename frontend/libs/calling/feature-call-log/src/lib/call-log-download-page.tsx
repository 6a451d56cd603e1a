// qa/call-log-download/:id — one call's details laid out for paper; the print dialog opens after 1500 ms.
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useCallingGetCallLogQuery } from '@frontend/shared-api';
import { Box, CircularProgress, Typography } from '@frontend/shared-ui';
import { PRINT_DELAY_MS } from '@frontend/calling-data-access';
import { CallLogDetails } from './call-log-details';

// one function for every render: the timer below restarts whenever `print` changes
const printPage = () => window.print();

export function CallLogDownloadPage({ print = printPage }: { print?: () => void }) {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data, isError } = useCallingGetCallLogQuery({ callId: id }, { skip: !valid });
  const call = data?.data;

  useEffect(() => {
    if (!call) return undefined;
    const timer = window.setTimeout(print, PRINT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [call, print]);

  if (!valid || isError) return <Typography sx={{ p: 3 }}>No record found.</Typography>;
  if (!call) return <CircularProgress sx={{ m: 3 }} aria-label="Loading call" />;
  return (
    <Box sx={{ p: 3, maxWidth: 900 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>Call Log Details — Call {call.callId}</Typography>
      <CallLogDetails call={call} />
    </Box>
  );
}
