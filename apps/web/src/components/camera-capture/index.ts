/**
 * Live camera capture with real-time guidance (no antd: the phone portal uses it within its
 * first-load budget; the face model and its runtime load only when the camera opens).
 *
 * How to use it (phone portal and desktop alike):
 *
 *   import { CameraCapture } from '../../components/camera-capture/index.ts';
 *   // getToken: () => apiPost('/api/img/capture-token', {}).then((d) => d.token)  (a member must be logged in)
 *   <CameraCapture
 *     getToken={getToken}
 *     onCapture={(photo, captureToken) => {
 *       // upload as any photo: FormData flow, file (photo.jpg), captureToken, and taskId for a task;
 *       // then the same check, refusal and "fix it for me" as a file upload
 *     }}
 *     onClose={() => setOpen(false)}
 *     onUseFile={captureOnly ? undefined : openFilePicker}   // the way on when there is no camera
 *     captureOnly={captureOnly}
 *   />
 *
 * Import it lazily (React.lazy) from a page that shows a "take a photo" button, so the page's own
 * first load does not carry it.
 */
export { CameraCapture, type CameraCaptureProps } from './camera-capture.tsx';
