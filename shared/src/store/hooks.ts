import { useDispatch, useSelector, useStore } from 'react-redux';
import { addListener } from '@reduxjs/toolkit';
import type { RootState } from './rootReducer.ts';
import type { AppDispatch, AppStore } from './makeStore.ts';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
export const addAppListener = addListener.withTypes<RootState, AppDispatch>();
