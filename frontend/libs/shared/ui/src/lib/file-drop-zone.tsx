// Drop zone for .csv and .pdf files with an upload progress bar (react-dropzone handles drag, click and keyboard).
import { useDropzone, type FileRejection } from 'react-dropzone';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

export const DROP_TEXT = "Drag 'n' drop, or click to select a file to upload.";

export interface FileDropZoneProps {
  onFile: (file: File) => void;
  /** 0–100 while uploading; undefined when idle. */
  progress?: number;
  accept?: ('.csv' | '.pdf')[];
  disabled?: boolean;
  onReject?: (message: string) => void;
}

const MIME = { '.csv': { 'text/csv': ['.csv'] }, '.pdf': { 'application/pdf': ['.pdf'] } } as const;

export function FileDropZone({ onFile, progress, accept = ['.csv', '.pdf'], disabled, onReject }: FileDropZoneProps) {
  const { getRootProps, getInputProps, isDragActive, acceptedFiles } = useDropzone({
    accept: Object.assign({}, ...accept.map((a) => MIME[a])),
    multiple: false,
    disabled: disabled || progress !== undefined,
    onDropAccepted: (files) => onFile(files[0]),
    onDropRejected: (rejections: FileRejection[]) => onReject?.(`Only ${accept.join(' or ')} files can be uploaded (${rejections[0]?.file.name}).`),
  });
  return (
    <Box>
      <Box
        {...getRootProps()}
        sx={{ border: '2px dashed', borderColor: isDragActive ? 'primary.main' : 'grey.400', borderRadius: 1, p: 4, textAlign: 'center', cursor: 'pointer', bgcolor: isDragActive ? 'action.hover' : 'background.paper' }}
      >
        <input {...getInputProps()} aria-label="File to upload" />
        <Typography>{DROP_TEXT}</Typography>
        <Typography variant="caption" color="text.secondary">
          Accepted: {accept.join(', ')}
        </Typography>
        {acceptedFiles[0] && <Typography variant="body2">{acceptedFiles[0].name}</Typography>}
      </Box>
      {progress !== undefined && <LinearProgress variant="determinate" value={progress} sx={{ mt: 1 }} aria-label="Upload progress" />}
    </Box>
  );
}
