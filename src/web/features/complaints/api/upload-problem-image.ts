import { uploadProblemImage } from '../../../../shared/contracts/complaints';
import { callApi } from '../../../lib/api';
import { t } from '../../../lib/i18n';

/** spec 000 §7 upload-problem-img: multipart field problemImage; code '00' and data.url. */
export function uploadComplaintImage(file: File) {
  return callApi(uploadProblemImage, { problemImage: file }, { loading: t('complaints.uploading') });
}
