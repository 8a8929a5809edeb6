import type { Text } from '../i18n.ts';

/**
 * What is wrong with a refused photo and how to fix it, in plain words (photoProblems in
 * photos.ts picks them; the refusal's message is the main one, the page lists them all).
 */
export const photoProblemMessages = {
  'photo.problem.noFace': {
    zh: '未检测到人脸，请上传本人正面免冠照片',
    en: 'No face found: upload a front-facing photo of yourself',
  },
  'photo.problem.manyFaces': {
    zh: '检测到多张人脸，照片中只能有本人',
    en: 'More than one face: only you may be in the photo',
  },
  'photo.problem.tooDark': {
    zh: '光线太暗，请面向窗户或灯光重新拍摄',
    en: 'Too dark: face a window or a lamp and take it again',
  },
  'photo.problem.tooBright': {
    zh: '光线太亮，脸部曝光过度，请避开强光',
    en: 'Too bright: the face is washed out, move away from strong light',
  },
  'photo.problem.flatLight': {
    zh: '脸部对比度太低，照片发灰，请在明亮均匀的光线下拍摄',
    en: 'The face is flat and grey: take it in bright, even light',
  },
  'photo.problem.harshLight': {
    zh: '脸部光线明暗不均，请避免侧光和阴影',
    en: 'Harsh light on the face: avoid side light and shadows',
  },
  'photo.problem.colourCast': {
    zh: '照片偏色，请在自然光或白光下拍摄，不要使用滤镜',
    en: 'The colours are off (colour cast): take it in daylight or white light, without filters',
  },
  'photo.problem.sideLight': {
    zh: '脸部一侧偏暗（阴阳脸），请让光线从正前方均匀照亮脸部',
    en: 'One side of the face is darker: let the light fall evenly on your face from the front',
  },
  'photo.problem.hotSpots': {
    zh: '额头或鼻子反光过亮，请避开直射的强光，让柔和的光线从正前方照亮脸部',
    en: 'Shiny spots on the forehead or nose: avoid direct strong light, use soft light from the front',
  },
  'photo.problem.lensGlare': {
    zh: '眼镜反光遮挡了眼睛，请调整灯光或眼镜角度，或摘下眼镜',
    en: 'Glare on your glasses hides your eyes: move the light, tilt the glasses or take them off',
  },
  'photo.problem.glassesFrame': {
    zh: '眼镜框遮挡了眼睛，请扶正眼镜，让镜框不挡住瞳孔，或摘下眼镜',
    en: 'Your glasses frame crosses your eyes: push the glasses up so the frame is clear of your pupils, or take them off',
  },
  'photo.problem.hairOverBrows': {
    zh: '头发遮挡了眉毛或眼睛，请将头发梳到眉毛以上，露出眉毛和眼睛',
    en: 'Hair covers your eyebrows or eyes: comb it back above your eyebrows so both show',
  },
  'photo.problem.compressed': {
    zh: '照片压缩过度，出现方块，请上传原始照片',
    en: 'The photo is over-compressed (blocky): upload the original',
  },
  'photo.problem.blurred': {
    zh: '照片模糊，请对焦清楚后重新拍摄',
    en: 'The photo is blurred: focus and take it again',
  },
  'photo.problem.headTurned': {
    zh: '头部转向一侧，请正对镜头',
    en: 'Your head is turned: face the camera straight on',
  },
  'photo.problem.headRaised': { zh: '头部上仰，请平视镜头', en: 'Your head is raised: look straight into the camera' },
  'photo.problem.headLowered': {
    zh: '头部低垂，请平视镜头',
    en: 'Your head is lowered: look straight into the camera',
  },
  'photo.problem.eyesClosed': {
    zh: '眼睛闭上了，请睁开眼睛看向镜头',
    en: 'Your eyes are closed: open them and look at the camera',
  },
  'photo.problem.eyesHalfClosed': {
    zh: '眼睛半睁半闭，请自然睁大双眼看向镜头',
    en: 'Your eyes are half closed: open them fully and look at the camera',
  },
  'photo.problem.mouthOpen': {
    zh: '嘴巴张开，请闭嘴并保持自然表情',
    en: 'Your mouth is open: close it and keep a neutral expression',
  },
  'photo.problem.accessory': {
    zh: '请摘下帽子、墨镜等头部饰物',
    en: 'Remove hats, sunglasses or other accessories from your head',
  },
  'photo.problem.headCut': {
    zh: '头顶被裁掉，请在头顶上方留出空间',
    en: 'The top of your head is cut off: leave room above it',
  },
  'photo.problem.faceSmall': { zh: '头部偏小，请靠近镜头', en: 'Your head is too small in the frame: move closer' },
  'photo.problem.faceLarge': { zh: '头部偏大，请离镜头远一些', en: 'Your head is too large in the frame: move back' },
  'photo.problem.offCentre': {
    zh: '脸部不居中，请把脸放在照片正中',
    en: 'Your face is not centred: put it in the middle of the photo',
  },
  'photo.problem.headHigh': {
    zh: '头部位置太高，请把头部往下移',
    en: 'Your head is too high in the frame: move it down',
  },
  'photo.problem.headLow': { zh: '头部位置太低，请把头部往上移', en: 'Your head is too low in the frame: move it up' },
  'photo.problem.tilted': {
    zh: '头部歪斜，请保持头部端正',
    en: 'Your head is tilted: keep it upright',
  },
  'photo.problem.backgroundBusy': {
    zh: '背景不是纯色，请在纯色墙面前拍摄',
    en: 'The background is not plain: stand in front of a plain wall',
  },
  'photo.problem.backgroundColour': {
    zh: '背景颜色不符合要求，请使用浅蓝、白色或浅灰背景',
    en: 'Wrong background colour: use light blue, white or light grey',
  },
  'photo.problem.darkBorder': {
    zh: '照片边缘有黑边，请重新裁剪',
    en: 'Dark border along the edge: crop the photo again',
  },
} as const satisfies Record<string, Text>;

/** Messages of the photos area (zh word for word from the specification, and en). */
export const photosMessages = {
  ...photoProblemMessages,
  'photo.warming': { zh: '照片检测正在启动，请稍候', en: 'The photo check is starting, please wait' },
  'photo.checkUnavailable': {
    zh: '照片检测暂不可用，请稍后再试',
    en: 'The photo check is unavailable, please try again later',
  },
  'photo.storageUnavailable': {
    zh: '照片存储暂时无法连接，请稍后再试',
    en: 'The photo storage cannot be reached right now: please try again in a moment',
  },
  'photo.candidate.required': {
    zh: '请选择修正后的照片（编号无效）',
    en: 'Choose the corrected photo (the id is not valid)',
  },
  'photo.candidate.expired': {
    zh: '修正后的照片已过期，请重新上传照片',
    en: 'The corrected photo has expired: please upload your photo again',
  },
  'photo.candidate.used': {
    zh: '这张修正后的照片已经使用过了',
    en: 'This corrected photo has already been used',
  },
  'photo.captureOnly': {
    zh: '本次采集要求现场拍照，请使用“拍照”按钮用摄像头拍摄，不能上传相册中的照片',
    en: 'This collection needs a photo taken live: use "Take a photo" with your camera, not a picture from your album',
  },
  'photo.taskIdInvalid': {
    zh: '任务编号无效（taskId 须为正整数）',
    en: 'The task id is not valid (taskId must be a positive whole number)',
  },
  'photo.candidate.refused': {
    zh: '修正后的照片未通过检测，请重新拍摄照片',
    en: 'The corrected photo did not pass the check: please take a new photo',
  },
} as const satisfies Record<string, Text>;
